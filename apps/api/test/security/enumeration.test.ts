import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../server';
import { createAccount, randomRfc, TEST_PASSWORD, type TestAccount } from '../accounts';

// Real servers, real HTTP, sometimes child processes, on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 17 §3: verification, resend and reset answer an unknown e-mail exactly as a known one with no
 * code pending, and login spends one argon2id verification for an unknown user too.
 */
let server: TestServer;
let known: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  known = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { message: string; errors?: Record<string, string[]> } };
};
const unknownEmail = () => `${randomRfc().toLowerCase()}@nadie.mx`;

describe('answers do not reveal registered e-mails', () => {
  it('verificar-cuenta: unknown e-mail = verified account = account with no code pending', async () => {
    const unknown = await post('/api/verificar-cuenta', { email: unknownEmail(), code: '123456' });
    const verified = await post('/api/verificar-cuenta', { email: known.email, code: '123456' });
    expect(unknown.status).toBe(422);
    expect(verified).toEqual(unknown);
    expect(unknown.body.errors).toHaveProperty('code');
    expect(JSON.stringify(unknown.body)).not.toMatch(/no encontramos|ya está verificada/i);
  });

  it('verificar-cuenta: an unknown e-mail is answered exactly as a pending account given a wrong code, try after try (issue 25 §12)', async () => {
    const rfc = randomRfc();
    const pending = `${rfc.toLowerCase()}@ejemplo.mx`;
    expect((await post('/api/pre-registro', { rfc, email: pending, password: TEST_PASSWORD })).status).toBe(201);
    const mail = (await (await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent(pending)}`)).json()) as { data: { text: string }[] };
    const good = /(\d{6})/.exec(mail.data[0]!.text)![1]!;
    const wrong = good === '000000' ? '111111' : '000000';
    const stranger = unknownEmail();
    const verified = (await createAccount(server.baseUrl)).email;
    const seen: { status: number; body: unknown }[][] = [];
    for (let i = 0; i < 6; i++) {
      const row = [
        await post('/api/verificar-cuenta', { email: pending, code: wrong }),
        await post('/api/verificar-cuenta', { email: stranger, code: wrong }),
        await post('/api/verificar-cuenta', { email: verified, code: wrong }),
      ];
      expect(row[1], `try ${i + 1}`).toEqual(row[0]);
      expect(row[2], `try ${i + 1}`).toEqual(row[0]);
      seen.push(row);
    }
    // The same statuses a pending code gives (4 × 422, then 429), and no count of tries left anywhere.
    expect(seen.map((r) => r[0]!.status)).toEqual([422, 422, 422, 422, 429, 429]);
    expect(JSON.stringify(seen)).not.toMatch(/quedan|intentos restantes|No hay un código/i);
    expect((seen[0]![0]!.body as { errors: Record<string, string[]> }).errors.code![0]).toMatch(/código no es correcto/);
    // A new code (resend) gives fresh tries to both: the answers stay the same.
    expect(await post('/api/verificar-cuenta/reenviar', { email: stranger })).toEqual(await post('/api/verificar-cuenta/reenviar', { email: pending }));
    expect(await post('/api/verificar-cuenta', { email: stranger, code: wrong })).toEqual(await post('/api/verificar-cuenta', { email: pending, code: wrong }));
  });

  it('verificar-cuenta/reenviar and sendCodigoCambiarPassword: the same answer for unknown and known', async () => {
    expect(await post('/api/verificar-cuenta/reenviar', { email: unknownEmail() })).toEqual(await post('/api/verificar-cuenta/reenviar', { email: known.email }));
    expect(await post('/api/sendCodigoCambiarPassword', { email: unknownEmail() })).toEqual(await post('/api/sendCodigoCambiarPassword', { email: known.email }));
  });

  it('resetPassword: unknown e-mail = known one with no code pending', async () => {
    const fresh = await createAccount(server.baseUrl);
    const body = { code: '123456', password: 'NuevaClave#9', password_confirmation: 'NuevaClave#9' };
    const unknown = await post('/api/resetPassword', { ...body, email: unknownEmail() });
    const knownNoCode = await post('/api/resetPassword', { ...body, email: fresh.email });
    expect(unknown.status).toBe(422);
    expect(knownNoCode).toEqual(unknown);
  });

  it('login: unknown user and wrong password get the same 401 body', async () => {
    const unknown = await post('/api/login', { username: unknownEmail(), password: TEST_PASSWORD });
    const wrong = await post('/api/login', { username: known.email, password: 'Incorrecta#1' });
    expect(unknown).toEqual(wrong);
    expect(unknown.status).toBe(401);
  });

  it('login time for an unknown user is that of a wrong password (one argon2id verification each)', async () => {
    const time = async (username: string) => {
      const started = performance.now();
      await post('/api/login', { username, password: 'Incorrecta#1' });
      return performance.now() - started;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Interleaved, 8 each; a fresh account named by RFC 4 times and by e-mail 4 times stays under the
    // lockout (5 per name and address).
    const target = await createAccount(server.baseUrl);
    for (let i = 0; i < 8; i++) {
      knownTimes.push(await time(i % 2 ? target.email : target.rfc));
      unknownTimes.push(await time(unknownEmail()));
    }
    const k = median(knownTimes);
    const u = median(unknownTimes);
    console.log(`[security] login: desconocido ${u.toFixed(1)} ms vs contraseña incorrecta ${k.toFixed(1)} ms (medianas de 8)`);
    // Without the dummy verification an unknown user answered in a few ms against tens for a real one;
    // the tolerance is wide because the machine is shared.
    expect(u).toBeGreaterThan(k * 0.4);
  });
});
