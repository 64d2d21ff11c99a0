import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INT4_MAX, NUL_MESSAGE } from '@facturo/contract';
import { startTestServer, type TestServer } from '../server';
import { createAccount, type TestAccount } from '../accounts';
import { jwtKey } from '../../src/security/secrets';
import { signJwt } from './support';

// Real servers, real HTTP, sometimes child processes, on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 17 §7: hostile values get a 4xx, never a 500 — swept over every route of the OpenAPI document,
 * so routes added later are covered without touching this file. A NUL byte anywhere (path, query,
 * body) → 422 naming the field; a path id past int4 → 404; a well-signed token of the wrong shape → 401.
 */
interface Operation { method: string; path: string; pathParams: string[]; idParams: string[]; queryParams: string[]; bodyProps: string[] }

let server: TestServer;
let account: TestAccount;
let operations: Operation[] = [];
beforeAll(async () => {
  server = await startTestServer();
  // The administrator reaches every route (plan products and features, admin-only publishing), so the
  // hostile input meets each route's own validation rather than an access check.
  account = await createAccount(server.baseUrl, { rol: 1 });
  const spec = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: { type?: string } }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>>;
  };
  operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      // Numeric path parameters named id / …Id are record ids; others (a month, a state code, a uuid) only must not 5xx.
      idParams: (op.parameters ?? [])
        .filter((p) => p.in === 'path' && (p.schema?.type === 'integer' || p.schema?.type === 'number') && /^id$|Id$/.test(p.name))
        .map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyProps: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    })));
});
afterAll(() => server?.close());

const fill = (path: string, value: (name: string) => string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(value(name)));

async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = account.headers) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: { message?: string; errors?: Record<string, string[]> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (a file download)
  }
  return { status: res.status, json };
}

describe('NUL bytes and out-of-range ids across every route of the OpenAPI document', () => {
  it('the document lists the routes (login, clients, employees, profile…)', () => {
    const paths = operations.map((o) => o.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/login', '/api/clients/{id}', '/api/background/process/{id}']));
    expect(operations.length).toBeGreaterThan(50);
  });

  it('a NUL byte in any path, query or body field → 422 naming that field, never a 5xx', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const op of operations) {
      const plainPath = fill(op.path, () => '1');
      const variants: { where: string; field: string; url: string; body?: unknown }[] = [];
      for (const name of op.pathParams) variants.push({ where: 'path', field: name, url: fill(op.path, (n) => (n === name ? 'a\u0000b' : '1')) });
      for (const name of op.queryParams.length ? op.queryParams : ['search']) {
        variants.push({ where: 'query', field: name, url: `${plainPath}?${name}=${encodeURIComponent('a\u0000b')}` });
      }
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        for (const name of op.bodyProps.length ? op.bodyProps : ['nombre']) {
          variants.push({ where: 'body', field: name, url: plainPath, body: { [name]: 'texto\u0000oculto' } });
        }
        variants.push({ where: 'body', field: 'items.0.descripcion', url: plainPath, body: { items: [{ descripcion: '\u0000' }] } });
      }
      for (const v of variants) {
        requests++;
        const res = await send(op.method, v.url, v.body);
        if (res.status !== 422 || !res.json.errors?.[v.field]?.includes(NUL_MESSAGE)) {
          failures.push(`${op.method} ${op.path} NUL en ${v.where}.${v.field} → ${res.status} ${JSON.stringify(res.json).slice(0, 120)}`);
        }
      }
    }
    console.log(`[security] NUL: ${operations.length} rutas, ${requests} peticiones`);
    expect(failures).toEqual([]);
  }, 240_000);

  it('the login route refuses a NUL byte too (public, before any lookup)', async () => {
    const res = await send('POST', '/api/login', { username: 'a\u0000@b.mx', password: 'Secreta#2026' }, {});
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors ?? {})).toEqual(['username']);
  });

  it('a path id between 2^31 and 2^53 → 404, never a 5xx', async () => {
    const failures: string[] = [];
    const idRoutes = operations.filter((o) => o.pathParams.length);
    for (const op of idRoutes) {
      for (const big of [String(INT4_MAX + 1), String(2 ** 40), String(2 ** 53 - 1), '9'.repeat(30), '-1', '0']) {
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
        const isId = op.idParams.length > 0;
        const res = await send(op.method, fill(op.path, (n) => (!isId || op.idParams.includes(n) ? big : '1')), body);
        if (res.status >= 500 || (isId && res.status !== 404)) failures.push(`${op.method} ${op.path} id=${big} → ${res.status}`);
      }
    }
    console.log(`[security] ids: ${idRoutes.length} rutas con parámetros de ruta (${idRoutes.filter((o) => o.idParams.length).length} con id numérico)`);
    expect(idRoutes.filter((o) => o.idParams.length).length).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 180_000);

  it('the largest int4 id is a plain 404 (no such record), not a validation error', async () => {
    const res = await send('GET', `/api/clients/${INT4_MAX}/edit`);
    expect(res.status).toBe(404);
  });
});

describe('well-signed tokens of the wrong shape', () => {
  const key = () => jwtKey(server.runtime.ctx.config.appSecret);
  const now = () => Math.floor(Date.now() / 1000);
  const asToken = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a token signed here with the right claims is accepted (the forger below signs like the app)', async () => {
    const me = (await send('GET', '/api/user')).json as unknown as { user: { rfc: string } };
    const users = await server.runtime.ctx.database.query<{ id: number; token_version: number }>('SELECT id, token_version FROM users WHERE rfc = $1', [me.user.rfc]);
    const row = users.rows[0]!;
    const token = signJwt({ sub: row.id, rfc: me.user.rfc, tv: row.token_version, iat: now(), exp: now() + 600 }, key());
    expect((await send('GET', '/api/user', undefined, asToken(token))).status).toBe(200);
    // The same claims without `exp` never expire: refused.
    const forever = signJwt({ sub: row.id, rfc: me.user.rfc, tv: row.token_version, iat: now() }, key());
    expect((await send('GET', '/api/user', undefined, asToken(forever))).status).toBe(401);
  });

  it('a `sub` that is not a positive int4 → 401, never a 5xx', async () => {
    for (const sub of ['abc', -1, 0, 1.5, 2 ** 31, 2 ** 53, null, { a: 1 }, [1], '1 OR 1=1']) {
      const token = signJwt({ sub, rfc: account.rfc, tv: 0, iat: now(), exp: now() + 600 }, key());
      const res = await send('GET', '/api/user', undefined, asToken(token));
      expect(res.status, `sub=${JSON.stringify(sub)}`).toBe(401);
    }
  });
});

describe('tampered tokens (issue 12 §6)', () => {
  const key = () => jwtKey(server.runtime.ctx.config.appSecret);
  const now = () => Math.floor(Date.now() / 1000);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const parts = (token: string) => {
    const [head, payload, signature] = token.split('.') as [string, string, string];
    return { head, payload, signature, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown> };
  };

  it('alg none, a changed payload under the original signature, expired, another secret, garbage → 401 each, never data', async () => {
    const other = await createAccount(server.baseUrl);
    const mine = parts(account.token);
    const theirs = parts(other.token);
    expect((await send('GET', '/api/user', undefined, { authorization: `Bearer ${account.token}` })).status).toBe(200);
    const tokens: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${mine.payload}.`,
      'alg none, sin punto final': `${b64({ alg: 'none', typ: 'JWT' })}.${mine.payload}`,
      'alg none en mayúsculas': `${b64({ alg: 'NONE', typ: 'JWT' })}.${mine.payload}.${mine.signature}`,
      'sub de otra cuenta con la firma original': `${mine.head}.${b64({ ...mine.claims, sub: theirs.claims.sub, rfc: theirs.claims.rfc })}.${mine.signature}`,
      'exp alargado con la firma original': `${mine.head}.${b64({ ...mine.claims, exp: now() + 86_400 * 365 })}.${mine.signature}`,
      'payload de otra cuenta con la firma propia': `${mine.head}.${theirs.payload}.${mine.signature}`,
      vencido: signJwt({ ...mine.claims, iat: now() - 7200, exp: now() - 3600 }, key()),
      'firmado con otro secreto': signJwt({ ...mine.claims, sub: theirs.claims.sub, rfc: theirs.claims.rfc, iat: now(), exp: now() + 600 }, 'otro-secreto-otro-secreto-otro-secreto-01'),
      'HS512 con el mismo secreto': (() => {
        const head = `${b64({ alg: 'HS512', typ: 'JWT' })}.${mine.payload}`;
        return `${head}.${createHmac('sha512', key()).update(head).digest('base64url')}`;
      })(),
      'firma vacía': `${mine.head}.${mine.payload}.`,
      basura: 'esto-no-es-un-token',
      'tres puntos': '...',
      'JSON no válido': `${Buffer.from('{no json').toString('base64url')}.${Buffer.from('[').toString('base64url')}.abc`,
      'muy largo': `${mine.head}.${'A'.repeat(6_000)}.${mine.signature}`,
    };
    const wrong: string[] = [];
    for (const [what, token] of Object.entries(tokens)) {
      for (const path of ['/api/user', '/api/clients', `/api/getInMesDashboard/${String(theirs.claims.rfc)}/1/2026`]) {
        const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
        const text = await res.text();
        if (res.status !== 401 || text.includes(other.rfc) || text.includes(other.email)) wrong.push(`${what} ${path} → ${res.status} ${text.slice(0, 100)}`);
      }
    }
    // The header without "Bearer", or with a scheme of another kind.
    for (const header of [account.token, `Basic ${Buffer.from('a:b').toString('base64')}`, 'Bearer', 'Bearer  ']) {
      const res = await fetch(`${server.baseUrl}/api/user`, { headers: { authorization: header } });
      if (res.status !== 401) wrong.push(`authorization "${header.slice(0, 20)}" → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

