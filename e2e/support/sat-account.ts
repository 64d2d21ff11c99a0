import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { fixturePath } from '../../packages/cfdi/test/fixtures';
import { fiscalData, readCode, type TestAccount } from './account';

/** The SAT test taxpayer: the only RFC whose test CSD we have (EKU9003173C9, persona moral, password 12345678a). */
export const SAT_RFC = 'EKU9003173C9';
const PASSWORD = 'Prueba#2026x';

async function token(request: APIRequestContext, account: TestAccount): Promise<string> {
  const login = await request.post('/api/login', { data: { username: account.rfc, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

/**
 * The SAT test account, registered when the run's database does not have it yet, else logged into (its RFC
 * is unique per database and every spec that needs it uses the same password). It is premium (role 11):
 * the specs that use it reach payroll, e-mail and the other paid features (spec §6).
 */
export async function satTestAccount(request: APIRequestContext): Promise<TestAccount & { token: string }> {
  const account = { rfc: SAT_RFC, email: `eku.${Date.now()}@pruebas.facturo.local`, password: PASSWORD };
  const pre = await request.post('/api/pre-registro', { data: account });
  if (pre.status() === 201) {
    const verified = await request.post('/api/verificar-cuenta', { data: { email: account.email, code: await readCode(request, account.email) } });
    const { access_token } = (await verified.json()) as { access_token: string };
    const done = await request.post('/api/crear-cuenta', {
      data: { ...fiscalData, fullName: 'Escuela Kemper Urgate SA de CV', regimen: '601' }, headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(done.ok(), await done.text()).toBe(true);
  }
  const bearer = await token(request, account);
  // Premium, and stamps enough for every spec that shares this account (the free 10 run out).
  const premium = await request.post('/api/dev/account-flags', { data: { rol: 11, timbres: 500 }, headers: { Authorization: `Bearer ${bearer}` } });
  expect(premium.ok(), await premium.text()).toBe(true);
  return { ...account, token: ((await premium.json()) as { access_token: string }).access_token };
}

/**
 * Uploads the SAT test CSD through the API and waits until the validation job marks it valid. When an earlier
 * spec already left a valid CSD on the account nothing is uploaded: a re-upload would be "validating" again
 * for a moment, and the poll below could read the old "valid" before the new job starts.
 */
export async function uploadSatCsd(request: APIRequestContext, bearer: string): Promise<void> {
  const headers = { Authorization: `Bearer ${bearer}` };
  const current = (await (await request.get('/api/profile/csd', { headers })).json()) as { credential: { status: string } | null };
  if (current.credential?.status === 'valid') return;
  const res = await request.post('/api/profile/csd', {
    headers,
    multipart: {
      cer: { name: 'certificado.cer', mimeType: 'application/octet-stream', buffer: readFileSync(fixturePath('certs/csd/EKU9003173C9.cer')) },
      key: { name: 'llave.key', mimeType: 'application/octet-stream', buffer: readFileSync(fixturePath('certs/csd/EKU9003173C9.key')) },
      password: '12345678a',
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await expect.poll(async () => {
    const status = (await (await request.get('/api/profile/csd', { headers })).json()) as { credential: { status: string } | null };
    return status.credential?.status;
  }, { timeout: 30_000 }).toBe('valid');
}
