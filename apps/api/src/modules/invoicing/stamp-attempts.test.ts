import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PacError, type PacPort } from '@facturo/cfdi';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { cfdis, stampAttempts, stampMovements } from '../cfdis/cfdis.schema';
import { api, createCustomer, invoiceBody, invoicingAccount } from './invoicing-test-kit';
import { invoicingProviders } from './providers';
import { resolveStaleAttempts } from './stamping';
import { recoverStamps } from './stamp-recovery.job';

/**
 * Decision 282: the PAC is called outside any transaction. A short transaction records the sealed document as
 * 'timbrando'; a second one stores it ('timbrado') or records the folio as 'no timbrado' with the PAC's reason
 * and returns the stamp; the recovery job resolves what a crash left 'timbrando' by re-sending the sealed XML.
 * The server runs with SANDBOX_PAC_LATENCY_MS > 0: every stamp below goes through the delayed sandbox.
 */
let server: TestServer;
let owner: TestAccount;
let other: TestAccount;
let customer: { id: number };
let realPac: PacPort;
let deps: ReturnType<typeof invoicingProviders>;

/** Replaces the process's PAC for one test (the providers object is the one every request uses). */
function usePac(pac: Partial<PacPort>) {
  deps.pac = new Proxy(realPac, { get: (target, prop, receiver) => (prop in pac ? pac[prop as keyof PacPort] : Reflect.get(target, prop, receiver)) });
}
const balance = async () => (await api<{ balance: number }>(server.baseUrl, owner, 'GET', '/api/timbres')).data.balance;
const userId = async () => (await server.runtime.ctx.db.select({ userId: stampAttempts.userId }).from(stampAttempts).limit(1))[0]?.userId;
const attemptsOf = (serie: string) =>
  server.runtime.ctx.db.select().from(stampAttempts).where(eq(stampAttempts.serie, serie)).orderBy(stampAttempts.id);
const deferred = <T = void>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

beforeAll(async () => {
  server = await startTestServer({ SANDBOX_PAC_LATENCY_MS: '20' });
  owner = await invoicingAccount(server.baseUrl);
  other = await createAccount(server.baseUrl);
  customer = await createCustomer(server.baseUrl, owner);
  deps = invoicingProviders(server.runtime.ctx);
  realPac = deps.pac;
}, 120_000);
afterAll(() => server?.close());

describe('stamping in two short transactions around the PAC call', () => {
  it('timbrando → timbrado: the attempt keeps the sealed XML, the folio and the UUID; one stamp, one ledger line', async () => {
    usePac({});
    const before = await balance();
    const res = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'TA' }));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    const [a] = await attemptsOf('TA');
    expect(a).toMatchObject({ status: 'timbrado', folio: '1', uuid: res.data.uuid, kind: 'cfdi', reason: 'timbrado', error: null });
    expect(a!.sealedXml).toContain('Sello="');
    expect(a!.finishedAt).not.toBeNull();
    expect(await balance()).toBe(before - 1);
    const moves = await server.runtime.ctx.db.select().from(stampMovements).where(eq(stampMovements.reference, res.data.uuid));
    expect(moves.map((m) => m.delta)).toEqual([-1]);
    const history = await api(server.baseUrl, owner, 'GET', '/api/invoicing/folios?serie=TA');
    expect(history.data.items).toEqual([expect.objectContaining({ serie: 'TA', folio: '1', estado: 'timbrado', uuid: res.data.uuid, motivo: null })]);
  });

  it('a PAC refusal: 422 with the reason, the stamp goes back, the folio is recorded as no timbrado and the next takes the following one', async () => {
    usePac({ stamp: async () => { throw new PacError('rejected', [{ code: 'CFDI40999', message: 'El PAC de prueba rechaza este comprobante.' }]); } });
    const before = await balance();
    const refused = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'TB' }), { 'idempotency-key': 'rechazo-1' });
    expect(refused.status).toBe(422);
    expect(refused.data.message).toMatch(/El PAC rechazó el comprobante: CFDI40999/);
    expect(await balance()).toBe(before);
    const [a] = await attemptsOf('TB');
    expect(a).toMatchObject({ status: 'no_timbrado', folio: '1', uuid: null });
    expect(a!.error).toContain('CFDI40999: El PAC de prueba rechaza este comprobante.');
    expect(await server.runtime.ctx.db.select().from(cfdis).where(eq(cfdis.serie, 'TB'))).toEqual([]);

    // The PAC accepts again: the same Idempotency-Key was freed, and the retry takes folio 2 (1 stays explained).
    usePac({});
    const ok = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'TB' }), { 'idempotency-key': 'rechazo-1' });
    expect(ok.status, JSON.stringify(ok.data)).toBe(201);
    expect(ok.data.folio).toBe('2');
    expect(await balance()).toBe(before - 1);
    const history = await api(server.baseUrl, owner, 'GET', '/api/invoicing/folios?serie=TB');
    expect(history.data.items.map((i: { folio: string; estado: string }) => `${i.folio} ${i.estado}`)).toEqual(['2 timbrado', '1 no timbrado']);
    expect(history.data.items[1].motivo).toMatch(/CFDI40999/);
    const onlyRefused = await api(server.baseUrl, owner, 'GET', '/api/invoicing/folios?serie=TB&estado=no%20timbrado');
    expect(onlyRefused.data.items).toHaveLength(1);
    // Another account sees none of it.
    const theirs = await api(server.baseUrl, other, 'GET', '/api/invoicing/folios?serie=TB');
    expect(theirs.status).toBe(200);
    expect(theirs.data.items).toEqual([]);
  });

  it('another account reads while a stamp waits for the PAC: the read finishes before the PAC answers', async () => {
    const entered = deferred();
    const release = deferred();
    const events: string[] = [];
    usePac({
      stamp: async (xml, opts) => {
        events.push('pac:start');
        entered.resolve();
        await release.promise;
        const r = await realPac.stamp(xml, opts);
        events.push('pac:end');
        return r;
      },
    });
    const stamping = api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'TC' }));
    await entered.promise;
    // The attempt is already committed as 'timbrando' while the PAC has not answered.
    expect((await attemptsOf('TC')).map((a) => a.status)).toEqual(['timbrando']);
    const read = await api(server.baseUrl, other, 'GET', '/api/clients');
    expect(read.status).toBe(200);
    events.push('read:done');
    // The same account can take the serie's next folio meanwhile (the serie's row lock was released).
    const next = await api(server.baseUrl, owner, 'GET', '/api/invoicing/next-folio?serie=TC');
    expect(next.data.folio).toBe(2);
    events.push('next-folio:done');
    release.resolve();
    const res = await stamping;
    expect(res.status).toBe(201);
    expect(events).toEqual(['pac:start', 'read:done', 'next-folio:done', 'pac:end']);
  });
});

describe('the recovery job resolves what a crash left timbrando', () => {
  it('one the PAC had stamped is stored with its timbre; one it never saw is stamped now; a retry answers the same UUID', async () => {
    const before = await balance();
    // Answers lost: the first reaches the sandbox (it stamps) and the answer is lost; the second never reaches it.
    let calls = 0;
    usePac({
      stamp: async (xml, opts) => {
        calls += 1;
        if (calls === 1) await realPac.stamp(xml, opts);
        throw new PacError('unavailable', [{ code: 'RED', message: 'Se perdió la conexión con el PAC' }]);
      },
    });
    const lost = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'TD' }), { 'idempotency-key': 'perdida-1' });
    expect(lost.status).toBe(503);
    expect(lost.data.message).toMatch(/quedó "timbrando"/);
    const never = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'TD' }));
    expect(never.status).toBe(503);
    expect((await attemptsOf('TD')).map((a) => `${a.folio} ${a.status}`)).toEqual(['1 timbrando', '2 timbrando']);
    expect(await balance()).toBe(before - 2); // held by the attempts, not yet charged in the ledger
    const [a1] = await attemptsOf('TD');
    // The first was stamped by the sandbox: asking again with the same XML answers its stored timbre.
    const stored = await realPac.stamp(a1!.sealedXml, { idempotencyKey: a1!.pacKey! });
    expect(stored.previouslyStamped).toBe(true);

    usePac({});
    const fresh = await recoverStamps(server.runtime.ctx, 60_000);
    expect(fresh).toEqual({ timbrado: 0, noTimbrado: 0, pendiente: 0 }); // younger than the cutoff: left alone
    const counts = await recoverStamps(server.runtime.ctx, 0);
    expect(counts).toEqual({ timbrado: 2, noTimbrado: 0, pendiente: 0 });
    const after = await attemptsOf('TD');
    expect(after.map((a) => `${a.folio} ${a.status}`)).toEqual(['1 timbrado', '2 timbrado']);
    expect(after[0]!.uuid).toBe(stored.uuid); // nothing stamped twice: the timbre the PAC already had
    const rows = await server.runtime.ctx.db.select({ uuid: cfdis.uuid, folio: cfdis.folio }).from(cfdis).where(eq(cfdis.serie, 'TD'));
    expect(rows.map((r) => r.folio).sort()).toEqual(['1', '2']);
    expect(new Set(rows.map((r) => r.uuid))).toEqual(new Set(after.map((a) => a.uuid)));
    expect(await balance()).toBe(before - 2);
    for (const a of after) {
      const moves = await server.runtime.ctx.db.select().from(stampMovements).where(eq(stampMovements.reference, a.uuid!));
      expect(moves).toHaveLength(1);
    }
    // The request that lost its answer, retried with its key: the recovered invoice, folio 1.
    const retry = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'TD' }), { 'idempotency-key': 'perdida-1' });
    expect(retry.status, JSON.stringify(retry.data)).toBe(201);
    expect(retry.data).toMatchObject({ uuid: stored.uuid, folio: '1' });
    // A second run finds nothing left.
    expect(await resolveStaleAttempts(deps, 0)).toEqual({ timbrado: 0, noTimbrado: 0, pendiente: 0 });
  });

  it('one the PAC now refuses (never stamped) becomes no timbrado with the reason and its stamp goes back', async () => {
    const before = await balance();
    usePac({ stamp: async () => { throw new PacError('unavailable', [{ code: 'RED', message: 'Sin respuesta' }]); } });
    expect((await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id, { serie: 'TE' }))).status).toBe(503);
    expect(await balance()).toBe(before - 1);
    usePac({ stamp: async () => { throw new PacError('rejected', [{ code: '401', message: 'El rango de la fecha de generación no debe de ser mayor a 72 horas.' }]); } });
    expect(await recoverStamps(server.runtime.ctx, 0)).toEqual({ timbrado: 0, noTimbrado: 1, pendiente: 0 });
    const [a] = await attemptsOf('TE');
    expect(a).toMatchObject({ status: 'no_timbrado', folio: '1' });
    expect(a!.error).toMatch(/^401: El rango/);
    expect(await balance()).toBe(before);
    const uid = await userId();
    expect(await server.runtime.ctx.db.select().from(cfdis).where(and(eq(cfdis.userId, uid!), eq(cfdis.serie, 'TE')))).toEqual([]);
  });
});
