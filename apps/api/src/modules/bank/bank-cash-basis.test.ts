import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clabeProblem } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, randomRfc, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { importXmls as importFor } from '../../../test/import-xmls';
import { buildPayment } from '../payment-reception/payment-builder';

/**
 * Issue 27 §6 and §4 over real HTTP (decision 317): a reconciled month takes its payment dates from the bank, the
 * dashboard and the provisional declaration alike; withdrawals without a CFDI count as non-deductible in their month
 * until one is matched; "Facturar este depósito" recognises the customer.
 */
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let issuer: TestAccount;
let customer: TestAccount;
let ppd: string;
let pue: string;
let received: string;
const iva16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };
const CLABE_CLIENTE = '012180001234567891';

const call = (a: TestAccount, method: string, path: string, body?: unknown) => callApi(server.baseUrl, a.headers, method, path, body);

function clabe(banco: string, body = '18000012345678'): string {
  const first = `${banco}${body}`.slice(0, 17);
  for (let d = 0; d <= 9; d++) if (!clabeProblem(`${first}${d}`)) return `${first}${d}`;
  throw new Error('unreachable');
}

/** A CAMT.053.001.08 statement of March 2026 with the given entries. */
function camt(entries: { fecha: string; importe: string; credit: boolean; info: string }[]) {
  const close = entries.reduce((a, e) => a + (e.credit ? 1 : -1) * Number(e.importe), 10000).toFixed(2);
  const bal = (cd: string, amt: string) => `<Bal><Tp><CdOrPrtry><Cd>${cd}</Cd></CdOrPrtry></Tp><Amt Ccy="MXN">${amt}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-31</Dt></Dt></Bal>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-31T10:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S-2026-03</Id><Acct><Id><Othr><Id>MX-CTA-001</Id></Othr></Id><Ccy>MXN</Ccy></Acct>${bal('OPBD', '10000.00')}${bal('CLBD', close)}
${entries.map((e, i) => `<Ntry><NtryRef>N${i}</NtryRef><Amt Ccy="MXN">${e.importe}</Amt><CdtDbtInd>${e.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>${e.fecha}</Dt></BookgDt><AcctSvcrRef>BANK-${i}</AcctSvcrRef><AddtlNtryInf>${e.info}</AddtlNtryInf></Ntry>`).join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

/** Registers a bank account, imports the statement, waits for the job; the movements of March by description. */
async function bankMonth(account: TestAccount, banco: string, entries: Parameters<typeof camt>[0]) {
  const created = await call(account, 'POST', '/api/bancos/cuentas', { banco, clabe: clabe(banco), moneda: 'MXN' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const cuenta = created.body.id as number;
  const form = new FormData();
  form.append('file', new Blob([new TextEncoder().encode(camt(entries))]), 'marzo.xml');
  const res = await fetch(`${server.baseUrl}/api/bancos/cuentas/${cuenta}/estados`, { method: 'POST', headers: account.headers, body: form });
  const { id } = (await res.json()) as { id: string };
  for (let i = 0; i < 300; i++) {
    const s = await call(account, 'GET', `/api/bancos/estados/${id}`);
    if (s.body.status === 'done') break;
    expect(s.body.status).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  const list = await call(account, 'GET', `/api/bancos/movimientos?cuenta=${cuenta}&mes=3&anio=2026`);
  return new Map((list.body.data as { id: number; descripcion: string }[]).map((m) => [m.descripcion, m.id]));
}

const month = async (a: TestAccount, m: number) => (await call(a, 'GET', `/api/getInMesDashboard/${a.rfc}/${m}/2026`)).body;
const march = async (a: TestAccount) => (await call(a, 'GET', '/api/bancos/meses?anio=2026')).body.data.find((x: { mes: number }) => x.mes === 3);

beforeAll(async () => {
  server = await startTestServer();
  issuer = await createAccount(server.baseUrl, { rfc: SUPPLIER_RFC, persona: 'moral', rol: 11 });
  customer = await createAccount(server.baseUrl, { rol: 11 });
  const invoice = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-02-10T10:00:00', valor: '10000', metodoPago: 'PPD', formaPago: '99' });
  const cash = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-02-15T10:00:00', valor: '1000' });
  const expense = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-11T10:00:00', valor: '1000' });
  [ppd, pue, received] = [invoice.uuid, cash.uuid, expense.uuid];
  expect(await importFor(server.baseUrl, issuer, [invoice.xml, cash.xml])).toMatchObject({ imported: 2 });
  expect(await importFor(server.baseUrl, customer, [expense.xml])).toMatchObject({ imported: 1 });
}, 240_000);
afterAll(async () => server?.close());

describe('§6 a reconciled month takes its payment dates from the bank', () => {
  it('a PPD paid in the bank in March whose complement says April counts in March once March is reconciled; not before', async () => {
    const ids = await bankMonth(issuer, '002', [
      { fecha: '2026-03-10', importe: '1160.00', credit: true, info: 'DEPOSITO EFECTIVO' },
      { fecha: '2026-03-20', importe: '11600.00', credit: true, info: `SPEI RECIBIDO CLABE ${CLABE_CLIENTE}` },
      { fecha: '2026-03-25', importe: '500.00', credit: false, info: 'TRASPASO A CUENTA PROPIA' },
    ]);
    const accept = async (desc: string, uuid: string, importe: string) => {
      const r = await call(issuer, 'POST', `/api/bancos/movimientos/${ids.get(desc)}/conciliar`, { cfdis: [{ uuid, importe }] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await accept(`SPEI RECIBIDO CLABE ${CLABE_CLIENTE}`, ppd, '11600.00');
    await accept('DEPOSITO EFECTIVO', pue, '1160.00');

    // The customer's REP arrives dated April 2 (registered outside the bank flow).
    const pago = buildPayment({ fechaPago: '2026-04-02T12:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: '11600.00' }, [{
      invoice: {
        uuid: ppd, tipo: 'I', estado: 'vigente', metodoPago: 'PPD', moneda: 'MXN', total: '11600.00', saldo: '11600.00', pagosPrevios: 0,
        rfcReceptor: customer.rfc, traslados: [{ ...iva16, base: '10000.00' }], retenciones: [],
      },
    }]);
    const rep = await stampedReceived({ receptorRfc: customer.rfc, tipo: 'P', fecha: '2026-04-03T09:00:00', pagos: [pago] });
    expect(await importFor(server.baseUrl, issuer, [rep.xml])).toMatchObject({ imported: 1 });

    // March still has a pending movement: every month keeps its own dates.
    expect(await march(issuer)).toMatchObject({ conciliado: false, pendientes: 1 });
    expect((await month(issuer, 2)).ingresosmes).toBe('1000.00');
    expect((await month(issuer, 3)).ingresosmes).toBe('0.00');
    expect((await month(issuer, 4)).ingresosmes).toBe('10000.00');

    // The transfer between own accounts is ignored: March is reconciled and takes the bank's dates.
    expect((await call(issuer, 'POST', `/api/bancos/movimientos/${ids.get('TRASPASO A CUENTA PROPIA')}/ignorar`)).status).toBe(200);
    expect(await march(issuer)).toMatchObject({ conciliado: true, pendientes: 0, retirosSinCfdi: 0 });
    expect((await month(issuer, 3)).ingresosmes).toBe('11000.00');
    expect((await month(issuer, 4)).ingresosmes).toBe('0.00');
    expect((await month(issuer, 2)).ingresosmes).toBe('0.00');
    const year = await call(issuer, 'GET', `/api/getIngresosDashboard/${issuer.rfc}/3/2026`);
    expect(year.body.body.slice(1, 4).map((m: { ingresos: string }) => m.ingresos)).toEqual(['0.00', '11000.00', '0.00']);

    // The provisional declaration lists the same: the complement's row on the bank's day.
    const statement = await call(issuer, 'POST', '/api/statements/start', { month: 3, year: 2026 });
    expect(statement.status, JSON.stringify(statement.body)).toBe(201);
    const docs = statement.body.documentos as { uuid: string; origen: string; fecha: string; base: string }[];
    expect(docs).toEqual(expect.arrayContaining([
      expect.objectContaining({ uuid: ppd, origen: 'pago', fecha: '2026-03-20', base: '10000.00' }),
      expect.objectContaining({ uuid: pue, origen: 'PUE', fecha: '2026-03-10', base: '1000.00' }),
    ]));

    // Undoing a match reopens the month: back to the CFDI's own dates.
    expect((await call(issuer, 'POST', `/api/bancos/movimientos/${ids.get('TRASPASO A CUENTA PROPIA')}/deshacer`)).status).toBe(200);
    expect((await month(issuer, 3)).ingresosmes).toBe('0.00');
    expect((await call(issuer, 'POST', `/api/bancos/movimientos/${ids.get('TRASPASO A CUENTA PROPIA')}/ignorar`)).status).toBe(200);
  });
});

describe('§4 withdrawals without a CFDI are non-deductible in their month until one is matched', () => {
  it('counts pending and "sin CFDI" withdrawals, not ignored ones nor those matched to a CFDI', async () => {
    const ids = await bankMonth(customer, '012', [
      { fecha: '2026-03-12', importe: '1160.00', credit: false, info: `PAGO PROVEEDOR ${SUPPLIER_RFC}` },
      { fecha: '2026-03-14', importe: '300.50', credit: false, info: 'COMPRA SIN FACTURA' },
      { fecha: '2026-03-15', importe: '1000.00', credit: false, info: 'TRASPASO PROPIO' },
    ]);
    expect(await march(customer)).toMatchObject({ retirosSinCfdi: 3, importeRetirosSinCfdi: '2460.50', conciliado: false });
    expect((await call(customer, 'POST', `/api/bancos/movimientos/${ids.get('COMPRA SIN FACTURA')}/sin-cfdi`)).status).toBe(200);
    expect((await call(customer, 'POST', `/api/bancos/movimientos/${ids.get('TRASPASO PROPIO')}/ignorar`)).status).toBe(200);
    expect(await march(customer)).toMatchObject({ retirosSinCfdi: 2, importeRetirosSinCfdi: '1460.50' });
    // The supplier's CFDI arrives and is matched: it stops counting.
    const r = await call(customer, 'POST', `/api/bancos/movimientos/${ids.get(`PAGO PROVEEDOR ${SUPPLIER_RFC}`)}/conciliar`, { cfdis: [{ uuid: received, importe: '1160.00' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await march(customer)).toMatchObject({ retirosSinCfdi: 1, importeRetirosSinCfdi: '300.50', conciliado: true });
    // Another account's view is its own.
    expect((await call(issuer, 'GET', '/api/bancos/meses?anio=2026')).body.data.find((x: { mes: number }) => x.mes === 3)).toMatchObject({ retirosSinCfdi: 0 });
  });
});

describe('§4 "Facturar este depósito" recognises the customer', () => {
  it('by name (accents and case aside), by an account an earlier deposit of the customer came from, or nobody', async () => {
    const juana = await call(issuer, 'POST', '/api/clients', {
      rfc: randomRfc('fisica'), r_social: 'Juana Pérez Núñez', email: [], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '06600' }, state: 'CMX', municipality: '015',
    });
    expect(juana.status, JSON.stringify(juana.body)).toBe(201);
    const known = await call(issuer, 'POST', '/api/clients', {
      rfc: customer.rfc, r_social: 'Cliente Conocido', email: [], regimen: '612', uso_cfdi: 'G03', domicilio: { cp: '06600' }, state: 'CMX', municipality: '015',
    });
    expect(known.status, JSON.stringify(known.body)).toBe(201);
    const accounts = (await call(issuer, 'GET', '/api/bancos/cuentas')).body.data;
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(camt([
      { fecha: '2026-03-28', importe: '2320.00', credit: true, info: 'SPEI RECIBIDO JUANA PEREZ NUNEZ' },
      { fecha: '2026-03-29', importe: '999.00', credit: true, info: `SPEI RECIBIDO 012 180 001234567891` },
      { fecha: '2026-03-30', importe: '50.00', credit: true, info: 'DEPOSITO' },
    ]))]), 'marzo-2.xml');
    const res = await fetch(`${server.baseUrl}/api/bancos/cuentas/${accounts[0].id}/estados`, { method: 'POST', headers: issuer.headers, body: form });
    const { id } = (await res.json()) as { id: string };
    for (let i = 0; i < 300 && (await call(issuer, 'GET', `/api/bancos/estados/${id}`)).body.status !== 'done'; i++) await new Promise((r) => setTimeout(r, 100));
    const list = (await call(issuer, 'GET', `/api/bancos/movimientos?cuenta=${accounts[0].id}&mes=3&anio=2026`)).body.data as { id: number; descripcion: string; retiro: string | null }[];
    const find = (d: string) => list.find((m) => m.descripcion === d)!.id;
    const who = async (mid: number) => (await call(issuer, 'GET', `/api/bancos/movimientos/${mid}/cliente`)).body;
    expect(await who(find('SPEI RECIBIDO JUANA PEREZ NUNEZ'))).toEqual({ cliente: { clienteId: juana.body.id, rfc: juana.body.rfc, nombre: 'Juana Pérez Núñez', motivo: 'nombre' } });
    expect(await who(find('SPEI RECIBIDO 012 180 001234567891'))).toEqual({ cliente: { clienteId: known.body.id, rfc: customer.rfc, nombre: 'Cliente Conocido', motivo: 'cuenta' } });
    expect(await who(find('DEPOSITO'))).toEqual({ cliente: null });
    const withdrawal = list.find((m) => m.retiro)!;
    expect((await call(issuer, 'GET', `/api/bancos/movimientos/${withdrawal.id}/cliente`)).status).toBe(422);
    expect((await call(customer, 'GET', `/api/bancos/movimientos/${find('DEPOSITO')}/cliente`)).status).toBe(404);
  });
});

describe('§2 a foreign-currency CFDI is matched at the payment day’s rate', () => {
  it('a USD invoice with TipoCambio 16 paid at the day’s 17.50 (the test server’s rate table) is proposed', async () => {
    const usd = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-02T10:00:00', valor: '100', moneda: 'USD', tipoCambio: '16.000000' });
    expect(await importFor(server.baseUrl, customer, [usd.xml])).toMatchObject({ imported: 1 });
    // 116.00 USD × 17.50 = 2,030.00 MXN: 9 % above the invoice's own rate, outside the 3 % tolerance by TipoCambio.
    const ids = await bankMonth(customer, '014', [{ fecha: '2026-03-18', importe: '2030.00', credit: false, info: 'PAGO INTERNACIONAL' }]);
    const cuentas = (await call(customer, 'GET', '/api/bancos/cuentas')).body.data as { id: number; banco: string }[];
    const list = await call(customer, 'GET', `/api/bancos/movimientos?cuenta=${cuentas.find((c) => c.banco === '014')!.id}&mes=3&anio=2026`);
    const m = list.body.data.find((x: { id: number }) => x.id === ids.get('PAGO INTERNACIONAL'));
    expect(m.propuesta).toEqual([expect.objectContaining({ uuid: usd.uuid, importe: '2030.00', moneda: 'USD' })]);
  });
});
