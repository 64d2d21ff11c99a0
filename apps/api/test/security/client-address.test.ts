import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@facturo/contract';
import { startTestServer, type TestServer } from '../server';
import { createAccount } from '../accounts';
import { CODES_DAILY_LIMIT_MESSAGE } from '../../src/modules/auth/abuse-limits';

// Real servers, real HTTP, sometimes child processes, on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 17 §2: X-Forwarded-For used to pick req.ip, so rotating it defeated the login lockout and
 * the per-IP limit. TRUST_PROXY is now off by default; a per-account cap holds whatever the address
 * (even behind a trusted proxy), and codes have a daily cap per e-mail and per address.
 */
const json = (body: unknown, headers: Record<string, string> = {}) =>
  ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const fakeIp = (i: number) => ({ 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` });

describe('TRUST_PROXY off (default): X-Forwarded-For is ignored', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '30' });
  });
  afterAll(() => server?.close());

  it('rotating X-Forwarded-For does not escape the login lockout: 40 wrong passwords, then the right one is refused', async () => {
    const account = await createAccount(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await fetch(`${server.baseUrl}/api/login`, json({ username: account.rfc, password: 'Incorrecta#1' }, fakeIp(i)))).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await fetch(`${server.baseUrl}/api/login`, json({ username: account.rfc, password: account.password }, fakeIp(99)))).status).toBe(429);
  });

  it('rotating X-Forwarded-For does not escape the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await fetch(`${server.baseUrl}/api/user/plan`, { headers: fakeIp(i) })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(30);
  });
});

describe('per-account cap, whatever the address (TRUST_PROXY=true: each forwarded address is believed)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', LOGIN_ACCOUNT_MAX_FAILURES: '20' });
  });
  afterAll(() => server?.close());

  it('20 failures from 20 addresses lock the account (429 with the §8 message) and e-mail its owner', async () => {
    const account = await createAccount(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await fetch(`${server.baseUrl}/api/login`, json({ username: i % 2 ? account.email : account.rfc, password: 'Incorrecta#1' }, fakeIp(i)))).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const right = await fetch(`${server.baseUrl}/api/login`, json({ username: account.rfc, password: account.password }, fakeIp(200)));
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toBe(messages.tooManyRequests);
    const mail = (await (await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent(account.email)}`)).json()) as { data: { subject: string }[] };
    expect(mail.data.filter((m) => /intentos fallidos/.test(m.subject))).toHaveLength(1);
    // Another account is not affected.
    const other = await createAccount(server.baseUrl);
    expect((await fetch(`${server.baseUrl}/api/login`, json({ username: other.rfc, password: other.password }, fakeIp(201)))).status).toBe(200);
  });
});

describe('daily cap on verification and reset codes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', CODES_PER_DAY_PER_EMAIL: '2', CODES_PER_DAY_PER_IP: '4' });
  });
  afterAll(() => server?.close());

  it('per e-mail, from any address, registered or not', async () => {
    const account = await createAccount(server.baseUrl);
    for (const email of [account.email, 'nadie.registrado@ejemplo.mx']) {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await fetch(`${server.baseUrl}/api/sendCodigoCambiarPassword`, json({ email }, fakeIp(10 + i)))).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    }
    const last = await fetch(`${server.baseUrl}/api/verificar-cuenta/reenviar`, json({ email: account.email }, fakeIp(20)));
    expect(last.status).toBe(429);
    expect(((await last.json()) as { message: string }).message).toBe(CODES_DAILY_LIMIT_MESSAGE);
  });

  it('per address, whatever the e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await fetch(`${server.baseUrl}/api/sendCodigoCambiarPassword`, json({ email: `otro${i}@ejemplo.mx` }, { 'x-forwarded-for': '198.51.100.7' }))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('per-address limit of the credential entries (AUTH_RATE_LIMIT_PER_MINUTE), tighter than the app-wide one', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => server?.close());

  it('the fourth login from one address in a minute is a 429, whichever account it names; other routes still answer', async () => {
    const statuses: number[] = [];
    // Four different unknown people: the per-account lockout never starts, only the per-address limit can refuse.
    for (const who of ['a@nadie.mx', 'b@nadie.mx', 'c@nadie.mx', 'd@nadie.mx']) {
      statuses.push((await fetch(`${server.baseUrl}/api/login`, json({ username: who, password: 'Incorrecta#1' }))).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await fetch(`${server.baseUrl}/api/login`, json({ username: 'e@nadie.mx', password: 'Incorrecta#1' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toBe(messages.tooManyRequests);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/crear-cuenta/catalogs`)).status).not.toBe(429);
  });
});
