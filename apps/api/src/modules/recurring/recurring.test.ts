import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { expectIsolated } from '../../../test/isolation';
import { stampBalances } from '../cfdis/cfdis.schema';
import { notifications, recurringInvoices } from '../../db/schema';
import { api, createCustomer, invoiceBody, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { invoicingProviders } from '../invoicing/providers';
import { runDueRecurring, setNextRun } from './recurring.service';
import { mexicoToday } from '@facturo/cfdi/model';
import { addDays, nextRunAfter, periodText } from './recurring-rules';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let source: { uuid: string; total: string };
let ownerId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  const customer = await createCustomer(server.baseUrl, owner);
  const res = await api(server.baseUrl, owner, 'POST', '/api/invoice40', invoiceBody(customer.id));
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  source = res.data;
  const rows = await server.runtime.ctx.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE rfc = ${owner.rfc}`);
  ownerId = (rows as unknown as { rows: { id: number }[] }).rows[0]!.id;
}, 180_000);
afterAll(() => server?.close());

const call = (method: string, path: string, body?: unknown, account = owner) => api(server.baseUrl, account, method, path, body);
const incomesCount = async () => {
  const r = await server.runtime.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM cfdis WHERE user_id = ${ownerId} AND direction = 'emitido'`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe('recurring rules', () => {
  it('monthly runs keep their anchor day and fall on the last day of a short month', () => {
    expect(nextRunAfter('2026-01-31', 'mes', 1, 31)).toBe('2026-02-28');
    expect(nextRunAfter('2026-02-28', 'mes', 1, 31)).toBe('2026-03-31');
    expect(nextRunAfter('2026-11-15', 'mes', 2, 15)).toBe('2027-01-15');
    expect(nextRunAfter('2026-11-28', 'semana', 2, 28)).toBe('2026-12-12');
    expect(nextRunAfter('2026-11-28', 'dias', 10, 28)).toBe('2026-12-08');
    expect(periodText('2026-11-01', 'mes', 1, 1)).toBe('noviembre de 2026');
    expect(periodText('2026-11-23', 'semana', 1, 23)).toBe('del 2026-11-23 al 2026-11-29');
  });
});

describe('recurring invoices (issue 29 §3)', () => {
  it('makes a schedule from a stamped invoice, runs it once per period even when the runner runs twice, e-mails and notifies', async () => {
    const made = await call('POST', '/api/recurrentes', { uuid: source.uuid, frecuencia: 'mes', cada: 1, veces: 2, periodoEnDescripcion: true, enviarCorreo: true });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    expect(made.data).toMatchObject({ uuidOrigen: source.uuid, frecuencia: 'mes', descripcion: 'Cada mes', emitidas: 0, estado: 'activa', veces: 2 });
    expect(made.data.proxima > mexicoToday()).toBe(true);

    const deps = invoicingProviders(server.runtime.ctx);
    const today = mexicoToday();
    await setNextRun(server.runtime.ctx.db, ownerId, made.data.id, today);
    const before = await incomesCount();
    // Two runners at once (an overlapping hourly run): the Idempotency-Key per schedule and period stamps once.
    const [a, b] = await Promise.all([runDueRecurring(deps), runDueRecurring(deps)]);
    expect(a.stamped + b.stamped).toBeGreaterThanOrEqual(1);
    expect(await incomesCount()).toBe(before + 1);
    // And a later run the same day finds nothing due.
    expect(await runDueRecurring(deps)).toEqual({ stamped: 0, failed: 0 });
    expect(await incomesCount()).toBe(before + 1);

    const list = (await call('GET', '/api/recurrentes')).data.data;
    const s = list.find((x: any) => x.id === made.data.id);
    expect(s).toMatchObject({ emitidas: 1, estado: 'activa', proxima: nextRunAfter(today, 'mes', 1, Number(today.slice(8, 10))), ultimoError: null });
    const newUuid = s.ultimaUuid as string;
    expect(newUuid).not.toBe(source.uuid);
    const xml = (await call('GET', `/api/incomes/${newUuid}/xml`)).data.toString('utf8');
    expect(xml).toContain(`(Periodo: ${periodText(today, 'mes', 1, Number(today.slice(8, 10)))})`);

    const outbox = await (await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent('maria@ejemplo.mx')}`)).json() as { data: { subject: string }[] };
    expect(outbox.data.some((m) => m.subject.includes('Factura'))).toBe(true);
    const notes = await server.runtime.ctx.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(notes.some((n) => n.title.startsWith('Factura recurrente timbrada'))).toBe(true);

    // The second (last) run ends the series.
    await setNextRun(server.runtime.ctx.db, ownerId, made.data.id, today);
    expect((await runDueRecurring(deps)).stamped).toBe(1);
    const ended = (await call('GET', '/api/recurrentes')).data.data.find((x: any) => x.id === made.data.id);
    expect(ended).toMatchObject({ emitidas: 2, estado: 'terminada' });
  }, 120_000);

  it('a run without stamps notifies the owner and retries the next day, owing the same period', async () => {
    const made = await call('POST', '/api/recurrentes', { uuid: source.uuid, frecuencia: 'semana', cada: 1, enviarCorreo: false });
    expect(made.status).toBe(201);
    const db = server.runtime.ctx.db;
    const today = mexicoToday();
    await setNextRun(db, ownerId, made.data.id, today);
    const [bal] = await db.select().from(stampBalances).where(eq(stampBalances.userId, ownerId));
    await db.update(stampBalances).set({ balance: 0 }).where(eq(stampBalances.userId, ownerId));
    try {
      const before = await incomesCount();
      expect(await runDueRecurring(invoicingProviders(server.runtime.ctx))).toEqual({ stamped: 0, failed: 1 });
      expect(await incomesCount()).toBe(before);
    } finally {
      await db.update(stampBalances).set({ balance: bal!.balance }).where(eq(stampBalances.userId, ownerId));
    }
    const [row] = await db.select().from(recurringInvoices).where(and(eq(recurringInvoices.userId, ownerId), eq(recurringInvoices.id, made.data.id)));
    expect(row).toMatchObject({ nextRun: today, retryOn: addDays(today, 1), runs: 0 });
    expect(row!.lastError).toMatch(/timbres/i);
    const notes = await db.select().from(notifications).where(and(eq(notifications.userId, ownerId), eq(notifications.urgent, true)));
    expect(notes.some((n) => n.title.startsWith('No se pudo timbrar la factura recurrente'))).toBe(true);
    // Not due again today.
    expect(await runDueRecurring(invoicingProviders(server.runtime.ctx))).toEqual({ stamped: 0, failed: 0 });
  }, 60_000);

  it('pauses, edits and deletes; a paused schedule does not run; another account reaches none of it', async () => {
    const made = (await call('POST', '/api/recurrentes', { uuid: source.uuid, frecuencia: 'dias', cada: 15, fin: '2030-12-31' })).data;
    const paused = await call('PATCH', `/api/recurrentes/${made.id}`, { estado: 'pausada', cada: 10 });
    expect(paused.data).toMatchObject({ estado: 'pausada', cada: 10, descripcion: 'Cada 10 días' });
    await setNextRun(server.runtime.ctx.db, ownerId, made.id, mexicoToday());
    const before = await incomesCount();
    await runDueRecurring(invoicingProviders(server.runtime.ctx));
    expect(await incomesCount()).toBe(before);

    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'PATCH', path: `/api/recurrentes/${made.id}`, body: { estado: 'activa' } },
      { method: 'DELETE', path: `/api/recurrentes/${made.id}` },
    ]);
    expect((await call('GET', '/api/recurrentes', undefined, intruder)).data.data).toEqual([]);
    const foreign = await call('POST', '/api/recurrentes', { uuid: source.uuid, frecuencia: 'mes', cada: 1 }, intruder);
    expect(foreign.status).toBe(404);
    expect(foreign.data.errors.uuid[0]).toMatch(/no existe/);

    expect((await call('DELETE', `/api/recurrentes/${made.id}`)).status).toBe(200);
    expect((await call('GET', '/api/recurrentes')).data.data.some((x: any) => x.id === made.id)).toBe(false);
  }, 60_000);

  it('the edit form: frequency, next date (the day kept), end, count and options change together; a bad end is a 422 on fin', async () => {
    const made = (await call('POST', '/api/recurrentes', { uuid: source.uuid, frecuencia: 'mes', cada: 1, periodoEnDescripcion: true, enviarCorreo: true })).data;
    const next = addDays(mexicoToday(), 20);
    const edited = await call('PATCH', `/api/recurrentes/${made.id}`, {
      frecuencia: 'semana', cada: 2, proxima: next, fin: '2031-06-30', veces: 12, periodoEnDescripcion: false, enviarCorreo: false,
    });
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    expect(edited.data).toMatchObject({
      frecuencia: 'semana', cada: 2, descripcion: 'Cada 2 semanas', proxima: next, fin: '2031-06-30', veces: 12, periodoEnDescripcion: false, enviarCorreo: false, estado: 'activa',
    });
    const [row] = await server.runtime.ctx.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, made.id));
    expect(row!.anchorDay).toBe(Number(next.slice(8, 10)));
    // Clearing the end and the count: runs until paused.
    const open = await call('PATCH', `/api/recurrentes/${made.id}`, { fin: null, veces: null });
    expect(open.data).toMatchObject({ fin: null, veces: null });

    const bad = await call('PATCH', `/api/recurrentes/${made.id}`, { proxima: next, fin: addDays(next, -1) });
    expect(bad.status).toBe(422);
    expect(bad.data.errors.fin[0]).toBe('La fecha de fin no puede ser anterior a la próxima factura');
    const past = await call('PATCH', `/api/recurrentes/${made.id}`, { proxima: '2020-01-01' });
    expect(past.status).toBe(422);
    expect(past.data.errors.proxima[0]).toMatch(/pasado/);
    expect((await call('GET', '/api/recurrentes')).data.data.find((x: any) => x.id === made.id)).toMatchObject({ proxima: next, fin: null });
  }, 60_000);

  it('refuses a bad frequency in Spanish, naming the field', async () => {
    const res = await call('POST', '/api/recurrentes', { uuid: source.uuid, frecuencia: 'año', cada: 0 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.data.errors)).toEqual(expect.arrayContaining(['frecuencia', 'cada']));
  });
});
