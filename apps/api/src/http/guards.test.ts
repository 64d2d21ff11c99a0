import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../test/server';
import { createAccount } from '../../test/accounts';
import { expectIsolated } from '../../test/isolation';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const flags = (headers: Record<string, string>, body: unknown) =>
  fetch(`${server.baseUrl}/api/dev/account-flags`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('request guards', () => {
  it('401 without a token, in Spanish', async () => {
    const res = await fetch(`${server.baseUrl}/api/background/process`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).message).toMatch(/sesión/);
  });

  it('402 while unpaid except on plan routes, and back to 200 once paid', async () => {
    const account = await createAccount(server.baseUrl);
    await flags(account.headers, { unpaid: true });
    const blocked = await fetch(`${server.baseUrl}/api/background/process`, { headers: account.headers });
    expect(blocked.status).toBe(402);
    expect((await fetch(`${server.baseUrl}/api/user/plan`, { headers: account.headers })).status).toBe(200);
    await flags(account.headers, { unpaid: false });
    expect((await fetch(`${server.baseUrl}/api/background/process`, { headers: account.headers })).status).toBe(200);
  });

  it('451 for a suspended account on every protected endpoint', async () => {
    const account = await createAccount(server.baseUrl);
    await flags(account.headers, { suspended: true });
    for (const path of ['/api/background/process', '/api/user/plan', '/api/notificaciones/urgentes']) {
      expect((await fetch(`${server.baseUrl}${path}`, { headers: account.headers })).status).toBe(451);
    }
  });

  it('a path or query RFC that is not the token\'s is a 403', async () => {
    const owner = await createAccount(server.baseUrl);
    const intruder = await createAccount(server.baseUrl);
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'GET', path: `/api/background/process?rfc=${owner.rfc}` },
      { method: 'POST', path: '/api/ciec/process', body: { ciec: 'Clave1234', rfc: owner.rfc } },
    ]);
  });
});

describe('plans (spec §3, §6)', () => {
  it('returns the plans data with the free plan for a new account', async () => {
    const account = await createAccount(server.baseUrl);
    const body = (await (await fetch(`${server.baseUrl}/api/user/plan`, { headers: account.headers })).json()) as any;
    const data = body.data;
    expect(data.rol).toBe(10);
    expect(data.plans.map((p: any) => p.id)).toEqual([1, 2]);
    expect(data.plans[1]).toMatchObject({ monthly: { value: 1, monthly_cost: '299.00' }, yearly: { value: 2, yearly_cost: '2990.00' } });
    expect(data.allProductRoutes).toContain('/employees');
    expect(data.allowedProductRoutes).toContain('/incomes');
    expect(data.allowedProductRoutes).not.toContain('/employees');
    expect(data.scheduledCancellationDetails).toEqual({ activeSubscription: false, cancellationDate: null, planId: 1 });
    expect(data.products.find((p: any) => p.id === 2).features.map((f: any) => f.id).sort((a: number, b: number) => a - b)).toEqual([5, 6, 31, 55, 59, 71]);
  });

  it('premium unlocks every product route', async () => {
    const account = await createAccount(server.baseUrl, { rol: 11 });
    const data = ((await (await fetch(`${server.baseUrl}/api/user/plan`, { headers: account.headers })).json()) as any).data;
    expect(data.rol).toBe(11);
    expect(data.allowedProductRoutes).toEqual(expect.arrayContaining(['/employees', '/statements', '/retentions/issued']));
    expect(messages.locked).toBe('Actualiza a premium para desbloquear esta funcionalidad');
  });
});

describe('platform', () => {
  it('health, security headers, closed CORS and OpenAPI docs', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const docs = await fetch(`${server.baseUrl}/api/docs/json`);
    const spec = (await docs.json()) as any;
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/pre-registro', '/api/user/plan']));
  });

  it('unknown API paths are JSON 404s', async () => {
    const res = await fetch(`${server.baseUrl}/api/no-existe`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).message).toBe('No encontrado');
  });
});

describe('rate limits', () => {
  it('count API calls only, never the web app files', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const api = [];
      for (let i = 0; i < 5; i++) api.push((await fetch(`${limited.baseUrl}/api/user/plan`)).status);
      expect(api.slice(0, 3)).toEqual([401, 401, 401]);
      expect(api.slice(3)).toEqual([429, 429]);
      const body = (await (await fetch(`${limited.baseUrl}/api/user/plan`)).json()) as any;
      expect(body.message).toBe(messages.tooManyRequests);
      const web = [];
      for (let i = 0; i < 5; i++) web.push((await fetch(`${limited.baseUrl}/some/spa/route`)).status);
      expect(web.every((s) => s !== 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
