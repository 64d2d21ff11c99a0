import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); }, 120_000);
afterAll(async () => server?.close());

describe('route table', () => {
  it('serves every entry at its method and path', () => {
    const served = server.runtime.app.registeredRoutes;
    const missing = Object.entries(routes as Record<string, RouteDef>)
      .filter(([name, e]) => !served.some((r) => r.name === name && r.method === e.method && r.url === e.path))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('lists the served routes in the OpenAPI document under their entry names', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId)));
    for (const name of Object.keys(routes)) expect(ids, name).toContain(name);
  });
});
