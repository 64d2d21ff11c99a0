import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { routePath, routes, type RouteDef } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../test/server';
import { serve, trackRoutes } from './serve';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); }, 120_000);
afterAll(async () => server?.close());

const table = routes as Record<string, RouteDef>;

describe('route table', () => {
  it('serves every entry at its method and path', () => {
    const served = server.runtime.app.registeredRoutes;
    const missing = Object.entries(table)
      .filter(([name, e]) => !served.some((r) => r.name === name && r.method === e.method && r.url === e.path))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('serves nothing under /api outside the table', () => {
    const outside = server.runtime.app.registeredRoutes
      .filter((r) => table[r.name]?.method !== r.method || table[r.name]?.path !== r.url)
      .map((r) => `${r.method} ${r.url} (${r.name})`);
    expect(outside).toEqual([]);
    expect(server.runtime.app.registeredRoutes.length).toBe(Object.keys(table).length);
  });

  it('lists exactly the entries in the OpenAPI document, under their names', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId)).sort();
    expect(ids).toEqual(Object.keys(table).sort());
  });

  it('asks for a token on every private entry and never on a public one (matrix from the table)', async () => {
    const wrong: string[] = [];
    for (const [name, e] of Object.entries(table)) {
      const url = server.baseUrl + routePath(e.path, new Proxy({}, { get: () => '1' }));
      const res = await fetch(url, { method: e.method, ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }) });
      await res.arrayBuffer();
      if ((res.status === 401) === Boolean(e.access.public)) wrong.push(`${name} ${e.method} ${e.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses at startup an /api route registered without an entry', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    trackRoutes(app);
    serve(app, 'health.check', () => ({ status: 'ok' as const }));
    app.get('/api/docs/json', async () => ({}));
    app.get('/otra', async () => ({}));
    expect(() => app.get('/api/sin-entrada', async () => ({}))).toThrow(/no está en la tabla de rutas/);
    await app.close();
  });
});
