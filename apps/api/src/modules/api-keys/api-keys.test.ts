import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_EXAMPLES, API_KEY_PATTERN, API_KEY_ROUTES, routes, type RouteDef } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { api, createCustomer, invoiceBody, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { bearerApiKey, hashApiKey, newApiKey, rateLimitKey } from './api-key-secret';

let server: TestServer;
let owner: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  other = await createAccount(server.baseUrl, { rol: 11 });
}, 180_000);
afterAll(() => server?.close());

/** A request carrying only the key (no session token). */
const withKey = (key: string, method: string, path: string, body?: unknown) =>
  api(server.baseUrl, undefined, method, path, body, { authorization: `Bearer ${key}` });

async function newKey(account: TestAccount, modo: 'test' | 'live', nombre = 'Tienda en línea') {
  const res = await api(server.baseUrl, account, 'POST', '/api/api-keys', { nombre, modo });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data as { id: number; key: string };
}

describe('api key secrets', () => {
  it('makes recognizable keys, hashes them and tells them from a session token', () => {
    const key = newApiKey('live');
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key.startsWith('fk_live_')).toBe(true);
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(newApiKey('test')).not.toBe(newApiKey('test'));
    expect(bearerApiKey(`Bearer ${key}`)).toBe(key);
    expect(bearerApiKey('Bearer eyJhbGciOiJIUzI1NiJ9.x.y')).toBeNull();
    expect(rateLimitKey({ ip: '10.0.0.1', headers: { authorization: `Bearer ${key}` } })).not.toBe('10.0.0.1');
    expect(rateLimitKey({ ip: '10.0.0.1', headers: {} })).toBe('10.0.0.1');
  });
});

describe('API keys (issue 29 §4)', () => {
  it('shows the key once, lists it by prefix and last 4, and the key acts for its account on the public entries', async () => {
    const { id, key } = await newKey(owner, 'test');
    expect(key).toMatch(/^fk_test_/);
    const list = await api(server.baseUrl, owner, 'GET', '/api/api-keys');
    const row = list.data.llaves.find((k: any) => k.id === id);
    expect(row).toMatchObject({ nombre: 'Tienda en línea', modo: 'test', vista: `fk_test_…${key.slice(-4)}`, ultimoUso: null, revocada: null });
    expect(JSON.stringify(list.data)).not.toContain(key);

    const customer = await createCustomer(server.baseUrl, owner);
    const clients = await withKey(key, 'GET', '/api/clients');
    expect(clients.status, JSON.stringify(clients.data)).toBe(200);
    expect(clients.data.data.some((c: any) => c.id === customer.id)).toBe(true);
    // Rate limit per key: the headers say the limit and what is left.
    expect(Number(clients.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
    expect(clients.headers.get('x-ratelimit-remaining')).not.toBeNull();

    // A test key stamps through the shared pipeline while the PAC is the sandbox.
    const stamped = await withKey(key, 'POST', '/api/invoice40', invoiceBody(customer.id));
    expect(stamped.status, JSON.stringify(stamped.data)).toBe(201);
    const xml = await withKey(key, 'GET', `/api/incomes/${stamped.data.uuid}/xml`);
    expect(xml.status).toBe(200);

    const used = (await api(server.baseUrl, owner, 'GET', '/api/api-keys')).data.llaves.find((k: any) => k.id === id);
    expect(used.ultimoUso).not.toBeNull();
  }, 120_000);

  it('counts the rate limit per key, not per IP', async () => {
    const a = await newKey(owner, 'live', 'A');
    const b = await newKey(owner, 'live', 'B');
    await withKey(a.key, 'GET', '/api/products');
    const second = await withKey(a.key, 'GET', '/api/products');
    const first = await withKey(b.key, 'GET', '/api/products');
    expect(second.status).toBe(200);
    expect(Number(first.headers.get('x-ratelimit-remaining'))).toBe(Number(second.headers.get('x-ratelimit-remaining')) + 1);
  });

  it('never reaches the keys, members, plan, cards or session; a revoked or unknown key is a 401', async () => {
    const { id, key } = await newKey(owner, 'live');
    for (const path of ['/api/api-keys', '/api/me/cuentas', '/api/payments/cards', '/api/cuenta/miembros']) {
      const res = await withKey(key, 'GET', path);
      expect(res.status, path).toBe(403);
      expect(res.data.message).toBe('Esta ruta no está disponible con una llave de API');
    }
    expect((await withKey(key, 'POST', '/api/api-keys', { nombre: 'x', modo: 'live' })).status).toBe(403);

    expect((await withKey(`fk_live_${'A'.repeat(43)}`, 'GET', '/api/clients')).status).toBe(401);
    expect((await withKey('fk_live_corta', 'GET', '/api/clients')).status).toBe(401);

    const revoked = await api(server.baseUrl, owner, 'DELETE', `/api/api-keys/${id}`);
    expect(revoked.status).toBe(200);
    const after = await withKey(key, 'GET', '/api/clients');
    expect(after.status).toBe(401);
    expect(after.data.message).toBe('La llave de API no es válida o fue revocada');
    const listed = (await api(server.baseUrl, owner, 'GET', '/api/api-keys')).data.llaves.find((k: any) => k.id === id);
    expect(listed.revocada).not.toBeNull();
  });

  it('a key cannot reach another account, and another account cannot see or revoke it', async () => {
    const { id, key } = await newKey(owner, 'live');
    const foreign = await createCustomer(server.baseUrl, other);
    expect((await withKey(key, 'GET', `/api/clients/${foreign.id}/edit`)).status).toBe(404);
    expect((await withKey(key, 'GET', '/api/clients')).data.data.some((c: any) => c.id === foreign.id)).toBe(false);
    expect((await withKey(key, 'PUT', `/api/clients/${foreign.id}`, { rfc: foreign.rfc })).status).toBeGreaterThanOrEqual(400);

    expect((await api(server.baseUrl, other, 'GET', '/api/api-keys')).data.llaves.some((k: any) => k.id === id)).toBe(false);
    expect((await api(server.baseUrl, other, 'DELETE', `/api/api-keys/${id}`)).status).toBe(404);
    expect((await withKey(key, 'GET', '/api/clients')).status).toBe(200);
  });

  it('the OpenAPI document marks every entry a key reaches, with the bearer scheme and its example', async () => {
    type Op = { description?: string; tags?: string[]; security?: unknown[]; 'x-api-key'?: boolean; 'x-example'?: any; parameters?: any[];
      requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, { content?: Record<string, { example?: unknown }> }> };
    const doc = await (await fetch(`${server.baseUrl}/api/docs/json`)).json() as { paths: Record<string, Record<string, Op>>; components: any };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const opOf = (name: string) => {
      const def = (routes as Record<string, RouteDef>)[name]!;
      return { def, op: doc.paths[def.path.replace(/:(\w+)/g, '{$1}')]?.[def.method.toLowerCase()] };
    };
    for (const name of API_KEY_ROUTES) {
      const { def, op } = opOf(name);
      expect(op, name).toBeDefined();
      expect(op!['x-api-key'], name).toBe(true);
      expect(op!.security, name).toEqual([{ apiKey: [] }]);
      expect(op!.tags, name).toContain('API pública');
      expect(op!['x-example'], name).toEqual(API_KEY_EXAMPLES[name]);
      if (def.body && !def.consumes) expect(op!.requestBody!.content['application/json']!.example, name).toEqual(API_KEY_EXAMPLES[name]!.request!.body);
      if (def.response) expect(op!.responses[String(def.status ?? 200)]!.content!['application/json']!.example, name).toEqual(API_KEY_EXAMPLES[name]!.response);
    }
    expect(opOf('invoicing.stamp40').op!.requestBody!.content['application/json']!.example).toMatchObject({ clientId: 42, conceptos: [expect.objectContaining({ claveProdServ: '84111506' })] });
    const keys = opOf('apiKeys.list').op!;
    expect(keys['x-api-key']).toBeUndefined();
    expect(keys.description ?? '').not.toMatch(/API pública/);
  });

  it('refuses a nameless key in Spanish, naming the field', async () => {
    const res = await api(server.baseUrl, owner, 'POST', '/api/api-keys', { nombre: ' ', modo: 'test' });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.data)).toContain('El nombre de la llave es obligatorio');
  });
});
