import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialStatus } from '@facturo/contract';
import { readFixture } from '../../../../../packages/cfdi/test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { expectIsolated } from '../../../test/isolation';
import { listen, until } from '../../../test/live';

const CSD = { cer: readFixture('certs/csd/EKU9003173C9.cer'), key: readFixture('certs/csd/EKU9003173C9.key') };
const FIEL = { cer: readFixture('certs/fiel/EKU9003173C9.cer'), key: readFixture('certs/fiel/EKU9003173C9.key') };
const EXPIRED_CER = readFixture('certs/other/20001000000300022779.cer');
const PASSWORD = '12345678a';

let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
  stranger = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

function form(parts: { cer?: Buffer; key?: Buffer; password?: string }): FormData {
  const f = new FormData();
  if (parts.cer) f.append('cer', new Blob([new Uint8Array(parts.cer)]), 'certificado.cer');
  if (parts.key) f.append('key', new Blob([new Uint8Array(parts.key)]), 'llave.key');
  if (parts.password !== undefined) f.append('password', parts.password);
  return f;
}

const upload = (account: TestAccount, kind: 'csd' | 'efirma', parts: Parameters<typeof form>[0]) =>
  fetch(`${server.baseUrl}/api/profile/${kind}`, { method: 'POST', headers: account.headers, body: form(parts) });

async function status(account: TestAccount, kind: 'csd' | 'efirma'): Promise<CredentialStatus> {
  const res = await fetch(`${server.baseUrl}/api/profile/${kind}`, { headers: account.headers });
  expect(res.status).toBe(200);
  return (await res.json()) as CredentialStatus;
}

/** Each bad upload: 422, the Spanish message on the named field, and nothing on file afterwards. */
async function expectRefused(account: TestAccount, kind: 'csd' | 'efirma', parts: Parameters<typeof form>[0], field: string, text: RegExp) {
  const res = await upload(account, kind, parts);
  const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
  expect(res.status, JSON.stringify(body)).toBe(422);
  expect(body.errors[field]?.[0]).toMatch(text);
  expect(body.message).toMatch(text);
  expect(await status(account, kind)).toEqual({ credential: null, lastAttempt: null });
}

describe('CSD / e.firma upload: instant refusals (4xx, field named, nothing stored)', () => {
  it('names each missing part', async () => {
    const res = await upload(owner, 'csd', {});
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(res.status).toBe(422);
    expect(body.errors).toEqual({
      cer: ['Adjunta el certificado (.cer)'], key: ['Adjunta la llave privada (.key)'], password: ['La contraseña de la llave privada es obligatoria'],
    });
  });

  it('refuses a file that is not a certificate', async () => {
    await expectRefused(owner, 'csd', { cer: Buffer.from('no soy un certificado'), key: CSD.key, password: PASSWORD }, 'cer', /no es un certificado X\.509/);
  });

  it('refuses a wrong key password', async () => {
    await expectRefused(owner, 'csd', { ...CSD, password: 'otra-clave' }, 'password', /contraseña/i);
  });

  it('refuses a .key that does not match the .cer (the e.firma key with the CSD certificate)', async () => {
    await expectRefused(owner, 'csd', { cer: CSD.cer, key: FIEL.key, password: PASSWORD }, 'key', /no corresponde al certificado/);
  });

  it('refuses an e.firma uploaded as CSD, and a CSD uploaded as e.firma', async () => {
    await expectRefused(owner, 'csd', { ...FIEL, password: PASSWORD }, 'cer', /e\.firma \(FIEL\).*Sello Digital/);
    await expectRefused(owner, 'efirma', { ...CSD, password: PASSWORD }, 'cer', /Sello Digital \(CSD\).*e\.firma/);
  });

  it('refuses an expired certificate (checked before the pair: no key for it exists)', async () => {
    await expectRefused(owner, 'csd', { cer: EXPIRED_CER, key: CSD.key, password: PASSWORD }, 'cer', /venció el \d{2}\/10\/2020/);
  });

  it("refuses another taxpayer's certificate", async () => {
    await expectRefused(stranger, 'csd', { ...CSD, password: PASSWORD }, 'cer', new RegExp(`pertenece al RFC EKU9003173C9, no al de tu cuenta \\(${stranger.rfc}\\)`));
  });

  it('refuses an oversized file with 413 naming it', async () => {
    const res = await upload(owner, 'csd', { cer: Buffer.alloc(70 * 1024, 1), key: CSD.key, password: PASSWORD });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.cer?.[0]).toMatch(/demasiado grande/);
  });
});

describe('CSD / e.firma upload: the live validation job', () => {
  it('validates the SAT test CSD live (owner only), then shows its facts and never the secrets', async () => {
    const mine = await listen(server.baseUrl, owner.token);
    const theirs = await listen(server.baseUrl, stranger.token);
    const res = await upload(owner, 'csd', { ...CSD, password: PASSWORD });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };

    const pending = await status(owner, 'csd');
    expect(pending.lastAttempt ?? pending.credential).toMatchObject({ noCertificado: '30001000000500003416' });

    await until(() => mine.events.some((x) => x.event === 'progress' && x.m.finished));
    const progress = mine.events.filter((x) => x.event === 'progress').map((x) => x.m);
    expect(progress.map((m) => m.progress)).toEqual([...progress.map((m) => m.progress)].sort((a, b) => a! - b!));
    expect(progress.length).toBeGreaterThanOrEqual(5);
    expect(progress.at(-1)).toMatchObject({ rfc: 'EKU9003173C9', code: 200, finished: true, jobId: id, type: 'CSD', progress: 100 });
    // Issue 18: the date as the app shows it, and the noun's gender ("el CSD … válido").
    expect(progress.at(-1)!.message).toBe('CSD 30001000000500003416 de EKU9003173C9 válido hasta el 18/05/2027');
    expect((progress.at(-1)!.data as { satStatus: string }).satStatus).toMatch(/de prueba del SAT activo/);
    expect(mine.events.some((x) => x.event === 'csd' && x.m.finished)).toBe(true);
    expect(theirs.events).toHaveLength(0);
    expect(JSON.stringify(mine.events)).not.toContain(PASSWORD);

    const done = await status(owner, 'csd');
    expect(done.lastAttempt).toBeNull();
    expect(done.credential).toMatchObject({
      kind: 'csd', status: 'valid', noCertificado: '30001000000500003416', rfc: 'EKU9003173C9',
      validFrom: '2023-05-18T11:43:51.000Z', validTo: '2027-05-18T11:43:51.000Z',
    });
    const days = Math.floor((Date.parse('2027-05-18T11:43:51Z') - Date.now()) / 86_400_000);
    expect(done.credential!.daysToExpiry).toBe(days);
    expect(done.credential!.warning).toBe(days <= 30 ? expect.any(String) : null);
    const raw = JSON.stringify(done);
    expect(raw).not.toContain(PASSWORD);
    expect(raw).not.toContain('secret');

    const rows = await server.runtime.ctx.database.query<{ secret: string }>("SELECT secret FROM fiscal_credentials WHERE kind = 'csd'");
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.secret.startsWith('v1.')).toBe(true);
    expect(rows.rows[0]!.secret).not.toContain(CSD.key.toString('base64').slice(0, 40));
    mine.socket.close();
    theirs.socket.close();
  });

  it('validates the e.firma and replaces an older one', async () => {
    const live = await listen(server.baseUrl, owner.token);
    for (let i = 0; i < 2; i++) {
      const res = await upload(owner, 'efirma', { ...FIEL, password: PASSWORD });
      expect(res.status).toBe(202);
      const { id } = (await res.json()) as { id: string };
      await until(() => live.events.some((x) => x.m.jobId === id && x.m.finished));
      expect(live.events.filter((x) => x.m.jobId === id).at(-1)!.m).toMatchObject({ code: 200, type: 'EFIRMA' });
    }
    const done = await status(owner, 'efirma');
    expect(done.credential).toMatchObject({ status: 'valid', noCertificado: '30001000000500003415' });
    expect(done.credential!.statusMessage).toMatch(/^e\.firma 30001000000500003415 de \S+ válida hasta el \d{2}\/\d{2}\/\d{4}$/);
    const rows = await server.runtime.ctx.database.query("SELECT id FROM fiscal_credentials WHERE kind = 'efirma'");
    expect(rows.rows).toHaveLength(1);
    live.socket.close();
  });

  it('reports code 500 live when the stored pair fails at run time, and wipes its secret', async () => {
    // A pair that passed the upload but whose password no longer opens the key when the job runs
    // (e.g. tampered storage): the job re-checks everything and refuses.
    const { runCredentialValidation } = await import('./credential-validate.job');
    const { secretPurpose, encodeFiles } = await import('./credential-check');
    const ctx = server.runtime.ctx;
    const [user] = (await ctx.database.query<{ id: number }>("SELECT id FROM users WHERE rfc = 'EKU9003173C9'")).rows;
    const process = (await ctx.database.query<{ id: string }>(
      `INSERT INTO background_processes (user_id, rfc, type, title, message) VALUES (${user!.id}, 'EKU9003173C9', 'CSD', 'Validación de CSD', 'En espera') RETURNING id`,
    )).rows[0]!;
    const secret = ctx.secrets.seal(encodeFiles({ ...CSD, password: 'mala' }), secretPurpose('csd'));
    const cred = (await ctx.database.query<{ id: number }>(
      `INSERT INTO fiscal_credentials (user_id, kind, status, secret) VALUES (${user!.id}, 'csd', 'pending', '${secret}') RETURNING id`,
    )).rows[0]!;
    const live = await listen(server.baseUrl, owner.token);
    await runCredentialValidation(ctx, { processId: process.id, credentialId: cred.id, userId: user!.id, rfc: 'EKU9003173C9', kind: 'csd', title: 'Validación de CSD' });
    await until(() => live.events.some((x) => x.m.jobId === process.id && x.m.finished));
    const last = live.events.filter((x) => x.m.jobId === process.id).at(-1)!.m;
    expect(last).toMatchObject({ code: 500, finished: true, data: { field: 'password' } });
    const after = await status(owner, 'csd');
    expect(after.credential).toMatchObject({ status: 'valid' });
    expect(after.lastAttempt).toMatchObject({ status: 'invalid', statusMessage: last.message });
    const row = (await ctx.database.query<{ secret: string }>(`SELECT secret FROM fiscal_credentials WHERE id = ${cred.id}`)).rows[0]!;
    expect(row.secret).toBe('');
    live.socket.close();
  });

  it('keeps every tenant to its own credentials', async () => {
    await expectIsolated(server.baseUrl, owner, stranger, [
      { method: 'GET', path: `/api/profile/csd?rfc=${owner.rfc}` },
      { method: 'GET', path: `/api/profile/efirma?rfc=${owner.rfc}` },
      { method: 'GET', path: `/api/profile/ciec?rfc=${owner.rfc}` },
      { method: 'POST', path: '/api/ciec/process', body: { ciec: 'Clave1234', rfc: owner.rfc } },
    ], async () => {
      expect((await status(stranger, 'csd')).credential).toBeNull();
      expect((await status(owner, 'csd')).credential).toMatchObject({ status: 'valid' });
    });
    // The multipart uploads carry the RFC as a form field: still refused for another tenant.
    const f = form({ ...CSD, password: PASSWORD });
    f.append('rfc', owner.rfc);
    const res = await fetch(`${server.baseUrl}/api/profile/csd`, { method: 'POST', headers: stranger.headers, body: f });
    expect([403, 422]).toContain(res.status);
  });

  it('shows the CIEC status without the CIEC', async () => {
    const live = await listen(server.baseUrl, owner.token);
    const res = await fetch(`${server.baseUrl}/api/ciec/process`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify({ ciec: 'Clave1234' }),
    });
    const { id } = (await res.json()) as { id: string };
    await until(() => live.events.some((x) => x.m.jobId === id && x.m.finished));
    const body = await (await fetch(`${server.baseUrl}/api/profile/ciec`, { headers: owner.headers })).json();
    expect(body).toMatchObject({ ciec: { status: 'valid', jobId: id } });
    expect(JSON.stringify(body)).not.toContain('Clave1234');
    live.socket.close();
  });
});
