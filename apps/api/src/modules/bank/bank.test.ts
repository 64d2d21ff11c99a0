import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { clabeProblem } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived } from '../../../test/received-cfdis';
import { uploadCsd } from '../invoicing/invoicing-test-kit';
import { writeZip } from '../cfdi-import/zip-writer';
import { cfdiPayments, cfdis } from '../cfdis/cfdis.schema';
import { notifyRepDeadlines } from './bank-rep-deadline.job';
import { readFixture } from '../../../../../packages/cfdi/test/fixtures';

// Importing, matching and stamping complements (seal, PAC, PDF) is slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;

/** A CLABE of bank `banco` with its right check digit (Banxico weights 3, 7, 1). */
function clabe(banco: string, body = '18000012345678'): string {
  const first = `${banco}${body}`.slice(0, 17);
  for (let d = 0; d <= 9; d++) if (!clabeProblem(`${first}${d}`)) return `${first}${d}`;
  throw new Error('unreachable');
}

async function importXmls(account: TestAccount, xmls: string[]) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(writeZip(xmls.map((data, i) => ({ name: `${i}.xml`, data }))))]), 'facturas.zip');
  const res = await fetch(`${server.baseUrl}/api/cfdi/import`, { method: 'POST', headers: account.headers, body: form });
  const { id } = (await res.json()) as { id: string };
  for (let i = 0; i < 300; i++) {
    const s = await callApi(server.baseUrl, account.headers, 'GET', `/api/cfdi/import/${id}`);
    if (s.body.status === 'done') return s.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

/** A CAMT.053.001.08 statement (the newest version the issue names) with the given entries. */
function camt(entries: { fecha: string; importe: string; credit: boolean; info: string; ref?: string }[], open = '10000.00') {
  const close = entries.reduce((a, e) => a + (e.credit ? 1 : -1) * Number(e.importe), Number(open)).toFixed(2);
  const bal = (cd: string, amt: string) => `<Bal><Tp><CdOrPrtry><Cd>${cd}</Cd></CdOrPrtry></Tp><Amt Ccy="MXN">${amt}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-31</Dt></Dt></Bal>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-31T10:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S-2026-03</Id><Acct><Id><Othr><Id>MX-CTA-001</Id></Othr></Id><Ccy>MXN</Ccy></Acct>${bal('OPBD', open)}${bal('CLBD', close)}
${entries.map((e, i) => `<Ntry><NtryRef>${e.ref ?? `N${i}`}</NtryRef><Amt Ccy="MXN">${e.importe}</Amt><CdtDbtInd>${e.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>${e.fecha}</Dt></BookgDt><AcctSvcrRef>BANK-${e.ref ?? i}</AcctSvcrRef><AddtlNtryInf>${e.info}</AddtlNtryInf></Ntry>`).join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

async function upload(account: TestAccount, cuenta: number, name: string, content: string | Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content)]), name);
  const res = await fetch(`${server.baseUrl}/api/bancos/cuentas/${cuenta}/estados`, { method: 'POST', headers: account.headers, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function waitFor(account: TestAccount, path: string) {
  for (let i = 0; i < 600; i++) {
    const s = await callApi(server.baseUrl, account.headers, 'GET', path);
    if (s.status !== 200) return s;
    if (s.body.status === 'done' || s.body.status === 'failed') return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} did not finish`);
}

let ppdFull: string;
let ppdPartial: string;
let pue: string;
let cuenta: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral' });
  await uploadCsd(server.baseUrl, owner);
  intruder = await createAccount(server.baseUrl);
  const customer = intruder.rfc;
  const docs = await Promise.all([
    stampedReceived({ receptorRfc: customer, fecha: '2026-03-16T10:00:00', valor: '1000', metodoPago: 'PPD', formaPago: '99' }),
    stampedReceived({ receptorRfc: customer, fecha: '2026-03-16T11:00:00', valor: '500', metodoPago: 'PPD', formaPago: '99' }),
    stampedReceived({ receptorRfc: customer, fecha: '2026-03-16T12:00:00', valor: '250', metodoPago: 'PUE', formaPago: '03' }),
  ]);
  [ppdFull, ppdPartial, pue] = docs.map((d) => d.uuid) as [string, string, string];
  const state = await importXmls(owner, docs.map((d) => d.xml));
  expect(state.imported).toBe(3);
}, 240_000);
afterAll(async () => server?.close());

describe('bank accounts', () => {
  it('registers a c_Banco account with a valid CLABE; a wrong check digit, another bank’s CLABE or an unknown bank → 422 in Spanish', async () => {
    const ok = clabe('002');
    const created = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/cuentas', { banco: '002', clabe: ok, moneda: 'MXN' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number) });
    cuenta = created.body.id;

    const wrongDigit = `${ok.slice(0, 17)}${(Number(ok[17]) + 1) % 10}`;
    const bad = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/cuentas', { banco: '002', clabe: wrongDigit, moneda: 'MXN' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toMatch(/dígito verificador/);
    const otherBank = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/cuentas', { banco: '012', clabe: clabe('002', '18000099999999'), moneda: 'MXN' });
    expect(otherBank.status).toBe(422);
    expect(otherBank.body.errors.clabe[0]).toMatch(/otro banco/);
    const dup = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/cuentas', { banco: '002', clabe: ok, moneda: 'MXN' });
    expect(dup.status).toBe(422);

    const list = await callApi(server.baseUrl, owner.headers, 'GET', '/api/bancos/cuentas');
    expect(list.body.data).toEqual([expect.objectContaining({ id: cuenta, banco: '002', bancoNombre: 'BANAMEX', clabe: ok, moneda: 'MXN' })]);
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', '/api/bancos/cuentas')).body.data).toEqual([]);
  });
});

describe('statement import, matching, acceptance and the payment complements', () => {
  const statement = () => camt([
    { fecha: '2026-03-20', importe: '1160.00', credit: true, info: 'SPEI RECIBIDO JUANA PEREZ NUNEZ', ref: 'A1' },
    { fecha: '2026-03-21', importe: '290.00', credit: true, info: 'DEPOSITO', ref: 'A2' },
    { fecha: '2026-03-22', importe: '300.00', credit: true, info: `ABONO FACTURA ${ppdPartial.slice(0, 8)}`, ref: 'A3' },
    { fecha: '2026-03-23', importe: '50.00', credit: false, info: 'COMISION', ref: 'A4' },
  ]);
  let movements: any[];

  it('imports a CAMT.053 as a background job, and each deposit gets its proposal', async () => {
    const started = await upload(owner, cuenta, 'marzo.xml', statement());
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await waitFor(owner, `/api/bancos/estados/${started.body.id}`);
    expect(done.body).toMatchObject({ status: 'done', importados: 4, duplicados: 0, rechazados: [], advertencias: [], formato: 'CAMT.053' });

    const list = await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${cuenta}&mes=3&anio=2026`);
    expect(list.status).toBe(200);
    movements = list.body.data;
    expect(movements.map((m) => [m.fecha, m.deposito, m.retiro, m.estado, m.cuentaEstado])).toEqual([
      ['2026-03-20', '1160.00', null, 'pendiente', 'MX-CTA-001'],
      ['2026-03-21', '290.00', null, 'pendiente', 'MX-CTA-001'],
      ['2026-03-22', '300.00', null, 'pendiente', 'MX-CTA-001'],
      ['2026-03-23', null, '50.00', 'pendiente', 'MX-CTA-001'],
    ]);
    expect(movements.map((m) => m.propuesta.map((p: any) => [p.uuid, p.importe]))).toEqual([
      [[ppdFull, '1160.00']], [[pue, '290.00']], [[ppdPartial, '300.00']], [],
    ]);
    for (const m of movements.slice(0, 3)) expect(m.propuesta[0].confianza).toBeGreaterThan(0);
    // Another month is empty.
    expect((await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${cuenta}&mes=4&anio=2026`)).body.data).toEqual([]);
  });

  it('re-importing an overlapping statement adds only the new movements; a statement that does not add up imports with a warning', async () => {
    const overlap = camt([
      { fecha: '2026-03-20', importe: '1160.00', credit: true, info: 'SPEI RECIBIDO JUANA PEREZ NUNEZ', ref: 'A1' },
      { fecha: '2026-03-25', importe: '75.50', credit: false, info: 'PAGO TARJETA', ref: 'A5' },
    ]).replace(/<Cd>CLBD<\/Cd><\/CdOrPrtry><\/Tp><Amt Ccy="MXN">[\d.]+</, '<Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="MXN">1.00<');
    const started = await upload(owner, cuenta, 'overlap.xml', overlap);
    const done = await waitFor(owner, `/api/bancos/estados/${started.body.id}`);
    expect(done.body).toMatchObject({ status: 'done', importados: 1, duplicados: 1 });
    expect(done.body.advertencias).toEqual([expect.stringMatching(/no cuadra/)]);
    const list = await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${cuenta}`);
    expect(list.body.data).toHaveLength(5);
  });

  it('OFX 1.x from the shared samples into a USD account: every transaction, and a second import adds none (FITID fingerprints)', async () => {
    const created = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/cuentas', { banco: '014', clabe: clabe('014', '18000077777777'), moneda: 'USD' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ofx = readFixture('bank', 'ofx-asgrim-ofxdata.ofx');
    const first = await waitFor(owner, `/api/bancos/estados/${(await upload(owner, created.body.id, 'ahorro.ofx', ofx)).body.id}`);
    expect(first.body).toMatchObject({ status: 'done', formato: 'OFX', importados: 3, duplicados: 0, rechazados: [] });
    const again = await waitFor(owner, `/api/bancos/estados/${(await upload(owner, created.body.id, 'ahorro.ofx', ofx)).body.id}`);
    expect(again.body).toMatchObject({ status: 'done', importados: 0, duplicados: 3 });
    const list = (await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${created.body.id}`)).body.data;
    expect(list.map((m: any) => m.cuentaEstado)).toEqual(['098-121', '098-121', '098-121']);
  });

  it('a file that is not a statement fails the job with the reason in Spanish', async () => {
    const started = await upload(owner, cuenta, 'x.xml', '<?xml version="1.0"?><Document xmlns="urn:x"><Nada/></Document>');
    const done = await waitFor(owner, `/api/bancos/estados/${started.body.id}`);
    expect(done.body).toMatchObject({ status: 'failed', mensaje: expect.stringMatching(/CAMT\.053/) });
  });

  it('accepting: importes must add up to the movement; PUE is marked paid on the deposit date; "sin CFDI" for the commission', async () => {
    const [full, pueMov, partial, fee] = movements;
    const wrongSum = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${full.id}/conciliar`, { cfdis: [{ uuid: ppdFull, importe: '1000.00' }] });
    expect(wrongSum.status).toBe(422);
    expect(wrongSum.body.message).toMatch(/suman 1000\.00 y el movimiento es de 1160\.00/);
    const wrongSide = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${fee.id}/conciliar`, { cfdis: [{ uuid: pue, importe: '50.00' }] });
    expect(wrongSide.status).toBe(422);

    for (const m of [full, pueMov, partial]) {
      const res = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${m.id}/conciliar`, { cfdis: m.propuesta.map((p: any) => ({ uuid: p.uuid, importe: p.importe })) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.movimiento.estado).toBe('conciliado');
    }
    const pueFecha = async () => (await server.runtime.ctx.db.select({ fechaPago: cfdis.fechaPago }).from(cfdis).where(eq(cfdis.uuid, pue)))[0]!.fechaPago;
    expect(await pueFecha()).toBe('2026-03-21');
    // Undo gives the PUE invoice back its own fecha de pago (its issue date); accepting again marks it paid again.
    expect((await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${pueMov.id}/deshacer`)).body.movimiento.estado).toBe('pendiente');
    expect(await pueFecha()).toBe('2026-03-16');
    const again = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${pueMov.id}/conciliar`, { cfdis: [{ uuid: pue, importe: '290.00' }] });
    expect(again.status).toBe(200);
    expect(await pueFecha()).toBe('2026-03-21');
    const ask = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${fee.id}/pedir-factura`, { email: 'proveedor@ejemplo.mx' });
    expect(ask.status, JSON.stringify(ask.body)).toBe(200);
    expect(ask.body.mensaje).toMatch(/proveedor@ejemplo\.mx/);
    const askDeposit = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${full.id}/pedir-factura`, { email: 'x@ejemplo.mx' });
    expect(askDeposit.status).toBe(422);
    const none = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${fee.id}/sin-cfdi`);
    expect(none.body.movimiento.estado).toBe('sin_cfdi');
    const list = (await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${cuenta}&mes=3&anio=2026`)).body.data;
    expect(list.filter((m: any) => m.complementoPendiente).map((m: any) => [m.id, m.fechaLimiteRep])).toEqual([[full.id, '2026-04-05'], [partial.id, '2026-04-05']]);
    // The same deadline for the incomes list and the dashboard, per invoice; nothing for another account.
    const pending = await callApi(server.baseUrl, owner.headers, 'GET', '/api/bancos/rep-pendientes');
    expect(pending.body).toMatchObject({ total: 2, vence: '2026-04-05' });
    expect(pending.body.data.map((p: any) => [p.uuid, p.vence]).sort()).toEqual([[ppdFull, '2026-04-05'], [ppdPartial, '2026-04-05']].sort());
    expect((await callApi(server.baseUrl, intruder.headers, 'GET', '/api/bancos/rep-pendientes')).body).toEqual({ data: [], total: 0, vence: null });

    // The bell: nothing on March 31st, one urgent notice from April 2nd (3 days before), never twice.
    const db = server.runtime.ctx.db;
    expect(await notifyRepDeadlines(db, new Date('2026-03-31T18:00:00Z'))).toBe(0);
    expect(await notifyRepDeadlines(db, new Date('2026-04-02T18:00:00Z'))).toBe(1);
    expect(await notifyRepDeadlines(db, new Date('2026-04-03T18:00:00Z'))).toBe(0);
    // March is not reconciled while one movement (the card payment) is still pending.
    const months = await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/meses?cuenta=${cuenta}&anio=2026`);
    expect(months.body.data).toEqual([{ mes: 3, movimientos: 5, pendientes: 1, conciliado: false, retirosSinCfdi: 2, importeRetirosSinCfdi: '125.50' }]);
    const bell = await callApi(server.baseUrl, owner.headers, 'GET', '/api/notificaciones/urgentes');
    expect(JSON.stringify(bell.body)).toContain('2 depósitos conciliados con facturas PPD no tienen su complemento de pago; el plazo vence el 2026-04-05');
  });

  it('"Timbrar complementos" stamps one REP per PPD deposit with the right ImpSaldoAnt / ImpPagado / ImpSaldoInsoluto', async () => {
    const [full, pueMov, partial] = movements;
    const notPpd = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/complementos', { movimientos: [pueMov.id] });
    expect(notPpd.status).toBe(422);
    const started = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/complementos', { movimientos: [full.id, partial.id] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await waitFor(owner, `/api/bancos/complementos/${started.body.id}`);
    expect(done.body).toMatchObject({ status: 'done', timbrados: 2, errores: [] });

    const pays = await server.runtime.ctx.db.select().from(cfdiPayments).where(inArray(cfdiPayments.docUuid, [ppdFull, ppdPartial]));
    const of = (uuid: string) => pays.filter((p) => p.docUuid === uuid).map((p) => [p.numParcialidad, p.impSaldoAnt, p.impPagado, p.impSaldoInsoluto]);
    expect(of(ppdFull)).toEqual([[1, '1160.000000', '1160.000000', '0.000000']]);
    expect(of(ppdPartial)).toEqual([[1, '580.000000', '300.000000', '280.000000']]);
    const [left] = await server.runtime.ctx.db.select({ saldo: cfdis.saldo }).from(cfdis).where(and(eq(cfdis.direction, 'emitido'), eq(cfdis.uuid, ppdPartial)));
    expect(left!.saldo).toBe('280.000000');
    // The REP's FechaPago is the deposit's date.
    const list = (await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${cuenta}&mes=3&anio=2026`)).body.data;
    const rep = list.find((m: any) => m.id === full.id).complemento;
    expect(rep).toMatch(/^[0-9A-F-]{36}$/i);
    const xml = await fetch(`${server.baseUrl}/api/incomes/${rep}/xml`, { headers: owner.headers }).then((r) => r.text());
    expect(xml).toContain('FechaPago="2026-03-20T12:00:00"');
    expect(xml).toContain('FormaDePagoP="03"');
    expect(list.filter((m: any) => m.complementoPendiente)).toEqual([]);
    // A second run has nothing left to stamp.
    const again = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/complementos', { movimientos: [full.id] });
    expect(again.status).toBe(422);
  });

  it('aging: the partly paid PPD invoice is owed by its customer, in the bucket of its age', async () => {
    const res = await callApi(server.baseUrl, owner.headers, 'GET', '/api/bancos/antiguedad?tipo=clientes&dias=30&fecha=2026-06-30');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Dated 2026-03-16, due 2026-04-15: 76 days past due on 2026-06-30 → 61-90; 280.00 left of 580.00.
    expect(res.body.data).toEqual([expect.objectContaining({ rfc: intruder.rfc, documentos: 1, d61_90: '280.00', total: '280.00' })]);
    const mine = await callApi(server.baseUrl, intruder.headers, 'GET', '/api/bancos/antiguedad?tipo=clientes');
    expect(mine.body.data).toEqual([]);
  });

  it('split: the parts must add up; each part is then reconciled on its own', async () => {
    const list = (await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${cuenta}`)).body.data;
    const card = list.find((m: any) => m.retiro === '75.50');
    const bad = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${card.id}/dividir`, { importes: ['50.00', '20.00'] });
    expect(bad.status).toBe(422);
    const ok = await callApi(server.baseUrl, owner.headers, 'POST', `/api/bancos/movimientos/${card.id}/dividir`, { importes: ['50.00', '25.50'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.map((m: any) => m.retiro)).toEqual(['50.00', '25.50']);
  });

  it('tenant isolation: another account sees and touches none of it (404)', async () => {
    const mine = (await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${cuenta}`)).body.data;
    const id = mine[0].id;
    for (const [method, path, body] of [
      ['GET', `/api/bancos/movimientos?cuenta=${cuenta}`],
      ['POST', `/api/bancos/movimientos/${id}/conciliar`, { cfdis: [{ uuid: ppdFull, importe: '1160.00' }] }],
      ['POST', `/api/bancos/movimientos/${id}/sin-cfdi`],
      ['POST', `/api/bancos/movimientos/${id}/deshacer`],
      ['POST', '/api/bancos/complementos', { movimientos: [id] }],
      ['GET', `/api/bancos/cfdis-abiertos?movimiento=${id}`],
      ['PUT', `/api/bancos/cuentas/${cuenta}/mapeo`, { fecha: 0, descripcion: 1, importe: 2 }],
      ['DELETE', `/api/bancos/cuentas/${cuenta}`],
    ] as const) {
      const res = await callApi(server.baseUrl, intruder.headers, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const up = await upload(intruder, cuenta, 'm.xml', statement());
    expect(up.status).toBe(404);
  });
});

describe('CSV statements with a column mapping chosen once per bank account', () => {
  it('previews the first rows, refuses to import before the mapping is saved, then imports with it (bad lines say why)', async () => {
    const created = await callApi(server.baseUrl, owner.headers, 'POST', '/api/bancos/cuentas', { banco: '012', clabe: clabe('012', '18000055555555'), moneda: 'MXN' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const csv = 'Fecha;Concepto;Referencia;Abono;Cargo;Saldo\n20/03/2026;SPEI CLIENTE;R1;"1,160.00";;"5,160.00"\n21/03/2026;COMISION;R2;;15.00;5145.00\n32/03/2026;MAL;R3;1.00;;5146.00\n';
    const form = new FormData();
    form.append('file', new Blob([csv]), 'bbva.csv');
    const preview = await fetch(`${server.baseUrl}/api/bancos/cuentas/${id}/vista-previa`, { method: 'POST', headers: owner.headers, body: form });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { filas: string[][] }).filas[0]).toEqual(['Fecha', 'Concepto', 'Referencia', 'Abono', 'Cargo', 'Saldo']);

    const unmapped = await upload(owner, id, 'bbva.csv', csv);
    expect((await waitFor(owner, `/api/bancos/estados/${unmapped.body.id}`)).body).toMatchObject({ status: 'failed', mensaje: expect.stringMatching(/mapeo de columnas/) });

    const mapping = { fecha: 0, descripcion: 1, referencia: 2, deposito: 3, retiro: 4, saldo: 5, encabezado: 1, formatoFecha: 'DMY' };
    const saved = await callApi(server.baseUrl, owner.headers, 'PUT', `/api/bancos/cuentas/${id}/mapeo`, mapping);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.mapeo).toMatchObject(mapping);
    const noAmount = await callApi(server.baseUrl, owner.headers, 'PUT', `/api/bancos/cuentas/${id}/mapeo`, { fecha: 0, descripcion: 1 });
    expect(noAmount.status).toBe(422);

    const started = await upload(owner, id, 'bbva.csv', csv);
    const done = await waitFor(owner, `/api/bancos/estados/${started.body.id}`);
    expect(done.body).toMatchObject({ status: 'done', formato: 'CSV', importados: 2, duplicados: 0, rechazados: [{ linea: 'línea 4', motivo: 'La fecha «32/03/2026» no es válida' }], advertencias: [] });
    const list = (await callApi(server.baseUrl, owner.headers, 'GET', `/api/bancos/movimientos?cuenta=${id}`)).body.data;
    expect(list.map((m: any) => [m.fecha, m.deposito, m.retiro, m.referencia])).toEqual([['2026-03-20', '1160.00', null, 'R1'], ['2026-03-21', null, '15.00', 'R2']]);
  });
});
