import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialStatus } from '@facturo/contract';
import { readFixture } from '../../../../../packages/cfdi/test/fixtures';
import { loadConfig } from '../../config';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';

// Issue 24 item 12: a CSD or e.firma must chain to one of SAT's issuing authorities; SAT's test authority (AC UAT) is
// accepted only outside production. Both modes over real HTTP: the default test server, and one in production mode.
const PASSWORD = '12345678a';
const SAT_TEST_CSD = { cer: readFixture('certs/csd/EKU9003173C9.cer'), key: readFixture('certs/csd/EKU9003173C9.key') };
const SAT_TEST_FIEL = { cer: readFixture('certs/fiel/EKU9003173C9.cer'), key: readFixture('certs/fiel/EKU9003173C9.key') };
const OWN_KEY = readFixture('certs/issuers/csd.key');
const FOREIGN = { cer: readFixture('certs/issuers/csd-ac-ajena.cer'), key: OWN_KEY };
const SIGNED_BY_AC = { cer: readFixture('certs/issuers/csd-ac-produccion-simulada.cer'), key: OWN_KEY };
const FORGED = { cer: readFixture('certs/issuers/csd-ac-falsificada.cer'), key: OWN_KEY };

function upload(server: TestServer, account: TestAccount, kind: 'csd' | 'efirma', parts: { cer: Buffer; key: Buffer }) {
  const f = new FormData();
  f.append('cer', new Blob([new Uint8Array(parts.cer)]), 'certificado.cer');
  f.append('key', new Blob([new Uint8Array(parts.key)]), 'llave.key');
  f.append('password', PASSWORD);
  return fetch(`${server.baseUrl}/api/profile/${kind}`, { method: 'POST', headers: account.headers, body: f });
}

async function refused(server: TestServer, account: TestAccount, kind: 'csd' | 'efirma', parts: { cer: Buffer; key: Buffer }): Promise<string> {
  const res = await upload(server, account, kind, parts);
  const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
  expect(res.status, JSON.stringify(body)).toBe(422);
  expect(Object.keys(body.errors)).toEqual(['cer']);
  return body.errors.cer![0]!;
}

async function becomesValid(server: TestServer, account: TestAccount, kind: 'csd' | 'efirma', parts: { cer: Buffer; key: Buffer }): Promise<CredentialStatus> {
  const res = await upload(server, account, kind, parts);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  for (let i = 0; i < 300; i++) {
    const s = (await (await fetch(`${server.baseUrl}/api/profile/${kind}`, { headers: account.headers })).json()) as CredentialStatus;
    if (s.credential?.status === 'valid') return s;
    if (s.credential?.status === 'invalid') throw new Error(JSON.stringify(s));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the credential never became valid');
}

describe('the mode follows NODE_ENV', () => {
  const base = { APP_SECRET: 'test-secret-test-secret-test-secret-0001', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-cfg-')) };
  it('production is always strict; outside it SAT_CERTIFICADOS=produccion asks for strict too', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', PAC_PROVIDER: 'sandbox', PAYMENTS_PROVIDER: 'local' }).satCertificados).toBe('produccion');
    expect(loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', PAC_PROVIDER: 'sandbox', PAYMENTS_PROVIDER: 'local', SAT_CERTIFICADOS: 'pruebas' }).satCertificados).toBe('produccion');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).satCertificados).toBe('pruebas');
    expect(loadConfig({ ...base, NODE_ENV: 'development', SAT_CERTIFICADOS: 'produccion' }).satCertificados).toBe('produccion');
  });
});

describe('outside production (NODE_ENV=test)', () => {
  let server: TestServer;
  let owner: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
  }, 120_000);
  afterAll(() => server?.close());

  it('a certificate from another issuer is refused in Spanish on cer; SAT\'s test CSD is accepted', async () => {
    expect(await refused(server, owner, 'csd', FOREIGN)).toBe('El certificado no lo emitió una autoridad certificadora del SAT (lo emitió «AC FALSA DE CERTIFICACION»): sube el certificado que te entregó el SAT.');
    const ok = await becomesValid(server, owner, 'csd', SAT_TEST_CSD);
    expect(ok.credential).toMatchObject({ noCertificado: '30001000000500003416', rfc: 'EKU9003173C9' });
  });
});

describe('in production mode (SAT_CERTIFICADOS=produccion, what NODE_ENV=production sets), with an AC certificate in SAT_AC_DIR', () => {
  let server: TestServer;
  let owner: TestAccount;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sat-ac-'));
    mkdirSync(path.join(dir, 'produccion'));
    // Stands in for SAT's production AC certificate (same name, our key): fixtures/README.md.
    writeFileSync(path.join(dir, 'produccion', 'ac-sat.pem'), readFixture('certs/issuers/ac-produccion-simulada.pem'));
    server = await startTestServer({ SAT_CERTIFICADOS: 'produccion', SAT_AC_DIR: dir });
    owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
  }, 120_000);
  afterAll(() => server?.close());

  it('SAT\'s test CSD and e.firma (AC UAT) are refused, naming the test authority', async () => {
    for (const [kind, parts] of [['csd', SAT_TEST_CSD], ['efirma', SAT_TEST_FIEL]] as const) {
      expect(await refused(server, owner, kind, parts)).toBe('El certificado es de pruebas del SAT (lo emitió «AC UAT»): en producción solo se aceptan certificados emitidos por el SAT para uso real. Tramita tu certificado en el SAT y súbelo.');
    }
  });

  it('another issuer is refused, and so is a certificate that only copies the AC\'s name; the one the AC signed is accepted', async () => {
    expect(await refused(server, owner, 'csd', FOREIGN)).toMatch(/no lo emitió una autoridad certificadora del SAT \(lo emitió «AC FALSA DE CERTIFICACION»\)/);
    expect(await refused(server, owner, 'csd', FORGED)).toMatch(/no lo emitió una autoridad certificadora del SAT \(lo emitió «AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA»\)/);
    const ok = await becomesValid(server, owner, 'csd', SIGNED_BY_AC);
    expect(ok.credential).toMatchObject({ noCertificado: '00001000000500009902', rfc: 'EKU9003173C9', status: 'valid' });
  });
});
