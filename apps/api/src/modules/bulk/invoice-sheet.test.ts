import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { INVOICE_SHEET_COLUMNS } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, randomRfc, type TestAccount } from '../../../test/accounts';
import { invoiceBatches } from '../../db/schema';
import { api, createCustomer, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { runInvoiceSheetJob } from './invoice-sheet.job';

let server: TestServer;
let owner: TestAccount;
let customer: { id: number; rfc: string };
let ownerId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  customer = await createCustomer(server.baseUrl, owner);
  const rows = await server.runtime.ctx.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE rfc = ${owner.rfc}`);
  ownerId = (rows as unknown as { rows: { id: number }[] }).rows[0]!.id;
}, 180_000);
afterAll(() => server?.close());

const header = INVOICE_SHEET_COLUMNS.map((c) => c.header);
const row = (o: Record<string, string>) => INVOICE_SHEET_COLUMNS.map((c) => o[c.key] ?? '');
const concept = (grupo: string, rfc: string, over: Record<string, string> = {}) => row({
  grupo, rfc, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', claveProdServ: '81111500', cantidad: '1', claveUnidad: 'E48',
  descripcion: 'Consultoría', valorUnitario: '1000.00', objetoImp: '02', iva: '0.160000', ...over,
});
const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n');

async function upload(text: string, query = '') {
  const form = new FormData();
  form.append('file', new Blob([text]), 'facturas.csv');
  const res = await fetch(`${server.baseUrl}/api/facturas-lote${query}`, { method: 'POST', headers: owner.headers, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
const issuedCount = async () => {
  const r = await server.runtime.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM cfdis WHERE user_id = ${ownerId} AND direction = 'emitido'`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe('invoices from a spreadsheet (issue 29 §2)', () => {
  const sheet = () => csv([
    header,
    concept('A', customer.rfc),
    concept('A', customer.rfc, { descripcion: 'Horas extra', cantidad: '2', valorUnitario: '250.00' }),
    concept('B', customer.rfc, { valorUnitario: '500.00' }),
    concept('C', randomRfc('moral')),
    concept('D', customer.rfc, { metodoPago: 'PPD' }),
  ]);

  it('previews one invoice per group with the engine\'s totals and each problem by row and column', async () => {
    const tpl = await fetch(`${server.baseUrl}/api/facturas-lote/plantilla?formato=csv`, { headers: owner.headers });
    expect(tpl.status).toBe(200);
    expect((await tpl.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(header.join(','));

    const res = await upload(sheet());
    expect(res.status).toBe(200);
    expect(res.body.validas).toBe(2);
    const byGroup = Object.fromEntries(res.body.facturas.map((f: any) => [f.grupo, f]));
    expect(byGroup.A).toMatchObject({ filas: [2, 3], conceptos: 2, subtotal: '1500.00', total: '1740.00', error: null });
    expect(byGroup.B).toMatchObject({ total: '580.00', error: null });
    expect(byGroup.C.error).toMatch(/no está en tu catálogo/);
    expect(res.body.total).toBe('2320.00');
    expect(res.body.errores).toEqual(expect.arrayContaining([
      expect.objectContaining({ fila: 5, columna: 'RFC del cliente' }),
      expect.objectContaining({ fila: 6, columna: 'Forma de pago', mensaje: expect.stringMatching(/CFDI40105/) }),
    ]));
    expect(res.body.lote).toBeUndefined();
  });

  it('stamps the valid invoices as one job with a result per invoice, and a resumed run stamps nothing twice', async () => {
    const before = await issuedCount();
    const res = await upload(sheet(), '?confirmar=1');
    expect(res.status).toBe(200);
    const id = res.body.lote.id as string;
    let state: any;
    for (let i = 0; i < 120; i++) {
      state = (await api(server.baseUrl, owner, 'GET', `/api/facturas-lote/${id}`)).data;
      if (state.terminado) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(state).toMatchObject({ terminado: true, timbradas: 2, errores: 0 });
    expect(state.facturas.map((f: any) => [f.grupo, f.estado, f.total])).toEqual([['A', 'timbrada', '1740.00'], ['B', 'timbrada', '580.00']]);
    expect(await issuedCount()).toBe(before + 2);

    // A crash after the PAC answered group A but before its result was saved: the resumed run re-sends it with the
    // same Idempotency-Key and gets the same CFDI back.
    const db = server.runtime.ctx.db;
    const where = and(eq(invoiceBatches.userId, ownerId), eq(invoiceBatches.id, id));
    const [batch] = await db.select().from(invoiceBatches).where(where);
    const uuidA = batch!.groups[0]!.uuid;
    const groups = batch!.groups.map((g, i) => (i === 0 ? { ...g, estado: 'pendiente' as const, uuid: null } : g));
    await db.update(invoiceBatches).set({ groups, finished: false }).where(where);
    await runInvoiceSheetJob(server.runtime.ctx, { batchId: id, userId: ownerId, rfc: owner.rfc }, 2);
    expect(await issuedCount()).toBe(before + 2);
    const after = (await api(server.baseUrl, owner, 'GET', `/api/facturas-lote/${id}`)).data;
    expect(after.facturas[0]).toMatchObject({ estado: 'timbrada', uuid: uuidA });

    const other = await createAccount(server.baseUrl, { rol: 11 });
    expect((await api(server.baseUrl, other, 'GET', `/api/facturas-lote/${id}`)).status).toBe(404);
  }, 120_000);

  it('exports the month\'s incomes with one row per concept (CSV), and another account\'s export is empty', async () => {
    const mx = new Date(Date.now() - 6 * 3_600_000);
    const path = `/api/exportar/cfdi/ingresos/${mx.getUTCMonth() + 1}/${mx.getUTCFullYear()}?formato=csv`;
    const res = await fetch(`${server.baseUrl}${path}`, { headers: owner.headers });
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('UUID,Fecha,Serie,Folio');
    const [batch] = await server.runtime.ctx.db.select().from(invoiceBatches).where(eq(invoiceBatches.userId, ownerId));
    const uuidA = batch!.groups[0]!.uuid!;
    const rowsA = lines.filter((l) => l.startsWith(uuidA));
    expect(rowsA).toHaveLength(2);
    expect(rowsA[1]).toContain('Horas extra');
    const other = await createAccount(server.baseUrl);
    const theirs = await fetch(`${server.baseUrl}${path}`, { headers: other.headers });
    expect((await theirs.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/)).toHaveLength(1);
  });
});
