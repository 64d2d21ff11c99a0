import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, routes, type RouteDef } from '@facturo/contract';
import { startTestServer, type TestServer } from '../server';
import { createAccount, type TestAccount } from '../accounts';
import { callApi } from '../http';

/**
 * Spec §6 / issue 19: every route (or query mode of a route) the route table ties to a plan feature is
 * refused with the locked message to a plan without that feature and let through for a plan with it.
 * The matrix is the route table itself, so a route added with a feature is covered without editing this.
 */
interface Gate { name: string; def: RouteDef; feature: number; mode?: string }

const gates: Gate[] = Object.entries(routes as Record<string, RouteDef>).flatMap(([name, def]) => [
  ...(def.access.feature !== undefined ? [{ name, def, feature: def.access.feature }] : []),
  ...Object.entries(def.access.modes ?? {}).map(([mode, feature]) => ({ name, def, feature, mode: `${mode}=true` })),
  ...Object.entries(def.access.filters ?? {}).map(([key, feature]) => ({ name, def, feature, mode: `${key}=0` })),
]);

let server: TestServer;
let free: TestAccount;
let premium: TestAccount;
let freeFeatures: Set<number>;

/** The route's path with every parameter filled: the plan check runs before the parameters are read. */
const urlOf = (g: Gate) => g.def.path.replace(/:([A-Za-z_]\w*)/g, (_, key: string) => (key === 'rfc' ? free.rfc : key === 'year' ? '2026' : '1'))
  + (g.mode ? `?${g.mode}` : '');
const isLocked = (reply: { status: number; body: any }) => reply.status === 403 && reply.body?.message === messages.locked;

beforeAll(async () => {
  server = await startTestServer();
  [free, premium] = await Promise.all([createAccount(server.baseUrl), createAccount(server.baseUrl, { rol: 11 })]);
  const plan = await callApi(server.baseUrl, free.headers, 'GET', '/api/user/plan');
  freeFeatures = new Set((plan.body.data.features as { id: number }[]).map((f) => f.id));
});
afterAll(() => server?.close());

describe('plan features enforced by the server from the route table (spec §6)', () => {
  it('ties the incomes, outcomes and dashboard-chart feature ids of spec §6 to routes or modes', () => {
    const covered = new Set(gates.map((g) => g.feature));
    for (const id of [5, 6, 31, 55, 59, 71, 7, 8, 9, 57, 58, 72, 68, 70]) expect(covered.has(id), `feature ${id}`).toBe(true);
  });

  it('a free plan is refused exactly the features it lacks; premium passes every gate', async () => {
    expect(freeFeatures.size).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const g of gates) {
      const url = urlOf(g);
      const asFree = await callApi(server.baseUrl, free.headers, g.def.method, url, g.def.method === 'GET' ? undefined : {});
      const asPremium = await callApi(server.baseUrl, premium.headers, g.def.method, url.replace(free.rfc, premium.rfc), g.def.method === 'GET' ? undefined : {});
      const expectLocked = !freeFeatures.has(g.feature);
      if (isLocked(asFree) !== expectLocked) wrong.push(`free ${g.def.method} ${url} (feature ${g.feature}) → ${asFree.status}`);
      if (isLocked(asPremium)) wrong.push(`premium ${g.def.method} ${url} (feature ${g.feature}) → locked`);
    }
    console.log(`[plan] ${gates.length} puertas de ${new Set(gates.map((g) => g.feature)).size} funcionalidades; plan gratuito: ${[...freeFeatures].sort((a, b) => a - b).join(', ')}`);
    expect(wrong).toEqual([]);
  }, 120_000);
});
