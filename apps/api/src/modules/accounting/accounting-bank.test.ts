import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'drizzle-orm';
import { clabeProblem } from '@facturo/contract';
import { Decimal } from '@facturo/cfdi/money';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived } from '../../../test/received-cfdis';
import { importXmls } from '../../../test/import-xmls';

/** Pólizas from bank movements (issue 28 × issue 27, decision 301). */

let server: TestServer;
let owner: TestAccount;
let pueUuid = '';
const ids: Record<string, string> = {};
let clabe = '';

const call = (method: string, path: string, body?: unknown) => callApi(server.baseUrl, owner.headers, method, path, body);
const iva16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };

function validClabe(banco: string): string {
  const first = `${banco}18000098765432`.slice(0, 17);
  for (let d = 0; d <= 9; d++) if (!clabeProblem(`${first}${d}`)) return `${first}${d}`;
  throw new Error('unreachable');
}

async function generate(anio: number, mes: number) {
  const res = await call('POST', '/api/contabilidad/polizas/generar', { anio, mes });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  for (let i = 0; i < 300; i++) {
    const p = await call('GET', `/api/background/process/${res.body.processId}`);
    if (p.body.finished) return p.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('generation did not finish');
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rol: 11 });
  // An expense paid at issue (PUE): 1,000 + IVA = 1,160 paid from the bank.
  const pue = await stampedReceived({
    receptorRfc: owner.rfc, fecha: '2026-05-04T10:00:00',
    conceptos: [{ claveProdServ: '80131500', claveUnidad: 'E48', descripcion: 'Renta', cantidad: '1', valorUnitario: '1000', traslados: [iva16] }],
  });
  pueUuid = pue.uuid;
  expect(await importXmls(server.baseUrl, owner, [pue.xml])).toMatchObject({ imported: 1, rejected: [] });
  clabe = validClabe('012');
  const created = await call('POST', '/api/bancos/cuentas', { banco: '012', clabe, moneda: 'MXN', alias: 'BBVA operación' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // The statement's movements (the import itself is issue 27's and tested there).
  const rows: [string, string, string, string][] = [
    ['pago', '2026-05-05', '-1160.00', 'SPEI ENVIADO RENTA MAYO'],
    ['comision', '2026-05-31', '-58.00', 'COMISION POR MANEJO DE CUENTA'],
    ['retiro', '2026-05-15', '-300.00', 'RETIRO CAJERO'],
    ['deposito', '2026-05-20', '2500.00', 'DEPOSITO EN EFECTIVO'],
    ['pendiente', '2026-05-22', '999.00', 'SPEI RECIBIDO SIN IDENTIFICAR'],
  ];
  for (const [key, fecha, importe, descripcion] of rows) {
    const res = await server.runtime.ctx.db.execute(sql`INSERT INTO bank_movements (user_id, account_id, fecha, importe, descripcion, fingerprint)
      VALUES ((SELECT id FROM users WHERE email = ${owner.email}), ${created.body.id}, ${fecha}, ${importe}, ${descripcion}, ${`test-${key}`}) RETURNING id::text AS id`);
    ids[key] = (res.rows[0] as { id: string }).id;
  }
}, 180_000);
afterAll(async () => server?.close());

describe('pólizas from bank movements', () => {
  it('reconciled, "sin CFDI" and pending movements: no double counting, each on the bank account\'s subaccount', async () => {
    const conc = await call('POST', `/api/bancos/movimientos/${ids.pago}/conciliar`, { cfdis: [{ uuid: pueUuid, importe: '1160.00' }] });
    expect(conc.status, JSON.stringify(conc.body)).toBe(200);
    for (const k of ['comision', 'retiro', 'deposito']) {
      expect((await call('POST', `/api/bancos/movimientos/${ids[k]}/sin-cfdi`)).body.movimiento.estado).toBe('sin_cfdi');
    }
    expect(await generate(2026, 5)).toMatchObject({ code: 200, finished: true });

    const cuentas = (await call('GET', '/api/contabilidad/cuentas')).body as { numero: string; padre: string | null; clabe?: string | null; descripcion: string }[];
    const banco = cuentas.find((c) => c.clabe === clabe)!;
    expect(banco).toMatchObject({ padre: '102.01', numero: '102.01.0001' });
    expect(banco.descripcion).toContain('BBVA operación');
    expect(cuentas.map((c) => c.numero)).toEqual(expect.arrayContaining(['701.10', '205.06', '601.83']));

    const polizas = (await call('GET', '/api/contabilidad/polizas?anio=2026&mes=5')).body.data as {
      tipo: string; concepto: string; uuids: string[]; lineas: { numCta: string; debe: string; haber: string }[];
    }[];
    // The PUE expense: its accrual and ONE payment entry (from the CFDI), whose bank line is the CLABE's subaccount.
    const pago = polizas.filter((p) => p.tipo === 'egreso' && p.uuids.includes(pueUuid));
    expect(pago).toHaveLength(1);
    expect(pago[0]!.lineas).toEqual(expect.arrayContaining([expect.objectContaining({ numCta: banco.numero, haber: '1160.00' })]));
    // The reconciled movement writes nothing of its own; the pending one waits for the reconciliation.
    expect(polizas.filter((p) => p.concepto.includes('RENTA MAYO') || p.concepto.includes('SIN IDENTIFICAR'))).toEqual([]);
    const sinCfdi = polizas.filter((p) => p.concepto.includes('sin CFDI'));
    expect(sinCfdi).toHaveLength(3);
    const line = (desc: string) => sinCfdi.find((p) => p.concepto.includes(desc))!.lineas;
    expect(line('COMISION')).toEqual([
      expect.objectContaining({ numCta: '701.10', debe: '58.00' }), expect.objectContaining({ numCta: banco.numero, haber: '58.00' }),
    ]);
    expect(line('RETIRO CAJERO')).toEqual([
      expect.objectContaining({ numCta: '601.83', debe: '300.00' }), expect.objectContaining({ numCta: banco.numero, haber: '300.00' }),
    ]);
    expect(line('DEPOSITO EN EFECTIVO')).toEqual([
      expect.objectContaining({ numCta: banco.numero, debe: '2500.00' }), expect.objectContaining({ numCta: '205.06', haber: '2500.00' }),
    ]);

    // The bank subaccount's movement in the balanza equals the statement's reconciled + "sin CFDI" movements.
    const balanza = (await call('GET', '/api/contabilidad/balanza/2026/5')).body;
    const rows = (Array.isArray(balanza) ? balanza : balanza.data ?? balanza.rows) as { numero: string; debe: string; haber: string; saldoFinal: string }[];
    const row = rows.find((r) => r.numero === banco.numero)!;
    expect(new Decimal(row.debe).toFixed(2)).toBe('2500.00');
    expect(new Decimal(row.haber).toFixed(2)).toBe('1518.00');
  });

  it('generating again reuses the subaccount and writes the same entries', async () => {
    await generate(2026, 5);
    const cuentas = (await call('GET', '/api/contabilidad/cuentas')).body as { clabe?: string | null }[];
    expect(cuentas.filter((c) => c.clabe === clabe)).toHaveLength(1);
    const polizas = (await call('GET', '/api/contabilidad/polizas?anio=2026&mes=5')).body.data as { concepto: string }[];
    expect(polizas.filter((p) => p.concepto.includes('sin CFDI'))).toHaveLength(3);
  });
});

describe('libro diario, libro mayor and the balanza PDF', () => {
  it('libro diario: one row per line with its póliza and UUID; debe = haber', async () => {
    const res = await call('GET', '/api/contabilidad/libros/diario/2026/5');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.columnas).toContain('UUID CFDI');
    const debe = (res.body.filas as string[][]).reduce((s, f) => s.plus(f[6]!), new Decimal(0));
    const haber = (res.body.filas as string[][]).reduce((s, f) => s.plus(f[7]!), new Decimal(0));
    expect(debe.toFixed(2)).toBe(haber.toFixed(2));
    expect((res.body.filas as string[][]).some((f) => f[8]!.includes(pueUuid))).toBe(true);
    expect((await call('GET', '/api/contabilidad/libros/semanal/2026/5')).status).toBe(422);
  });

  it('libro mayor: per account saldo inicial, movements and saldo final (the bank subaccount: 2,500 − 1,518 = 982)', async () => {
    const res = await call('GET', '/api/contabilidad/libros/mayor/2026/5');
    expect(res.status).toBe(200);
    const filas = res.body.filas as string[][];
    const total = filas.find((f) => f[2] === '102.01.0001' && f[3]!.startsWith('Total'))!;
    expect(total.slice(4)).toEqual(['2500.00', '1518.00', '982.00']);
  });

  it('XLSX and CSV exports carry the same rows', async () => {
    const xlsx = await fetch(`${server.baseUrl}/api/contabilidad/libros/mayor/2026/5/xlsx`, { headers: owner.headers });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toMatch(/libro-mayor\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Fecha');
    const json = (await call('GET', '/api/contabilidad/libros/mayor/2026/5')).body.filas as string[][];
    expect(ws.rowCount).toBe(json.length + 1);
    const csv = await fetch(`${server.baseUrl}/api/contabilidad/libros/diario/2026/5/csv`, { headers: owner.headers });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await csv.text()).toContain('COMISION POR MANEJO DE CUENTA');
  });

  it('balanza PDF: accounts and the totals', async () => {
    const res = await fetch(`${server.baseUrl}/api/contabilidad/balanza/2026/5/pdf`, { headers: owner.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
    expect(text).toContain('Balanza de comprobación');
    expect(text).toContain('102.01.0001');
    const balanza = (await call('GET', '/api/contabilidad/balanza/2026/5')).body;
    const fmt = (v: string) => new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(text).toContain(`Totales: debe ${fmt(balanza.totales.debe)}`);
  });
});

describe('reports as PDF and XLSX (issue 28 §5), per month and year to date', () => {
  const file = async (path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: owner.headers });
    expect(res.status, path).toBe(200);
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  /** Rows 5… of the report's sheet as [cuenta, descripción, …figures]: numbers as the spreadsheet holds them. */
  const sheetRows = async (bytes: Uint8Array) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row, n) => { if (n >= 5) rows.push((row.values as unknown[]).slice(1)); });
    return { ws, rows };
  };
  const pdfOf = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
  const fmt = (v: string) => new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

  beforeAll(async () => {
    // An April expense, so May's year to date differs from May alone.
    const res = await call('POST', '/api/contabilidad/polizas', {
      tipo: 'egreso', fecha: '2026-04-10', concepto: 'Papelería de abril',
      lineas: [{ numCta: '601.83', concepto: 'Papelería', debe: '250.00', haber: '0' }, { numCta: '102.01.0001', concepto: 'Papelería', debe: '0', haber: '250.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('estado de resultados XLSX: every figure equals the JSON report, for the month and for January–May', async () => {
    const e = (await call('GET', '/api/contabilidad/estados/2026/5')).body;
    for (const [q, k, utilidad] of [['', 'mes', e.resultados.utilidadMes], ['&acumulado=1', 'acumulado', e.resultados.utilidadAcumulada]] as const) {
      const { res, bytes } = await file(`/api/contabilidad/reportes/resultados/2026/5?formato=xlsx${q}`);
      expect(res.headers.get('content-disposition')).toContain(q ? 'resultados-acumulado.xlsx' : '-resultados.xlsx');
      const { ws, rows } = await sheetRows(bytes);
      expect(ws.getCell('A1').value).toBe('Estado de resultados');
      const renglones = (e.resultados.secciones as { renglones: Record<string, string>[] }[]).flatMap((s) => s.renglones);
      expect(renglones.length).toBeGreaterThan(0);
      for (const r of renglones) expect(rows.find((x) => x[0] === r.numero)?.[2], r.numero).toBe(Number(r[k]));
      expect(rows.at(-1)).toEqual(['', 'Utilidad (pérdida)', Number(utilidad)]);
    }
    // The April expense is in the year to date only.
    expect(new Decimal(e.resultados.utilidadAcumulada).minus(e.resultados.utilidadMes).toFixed(2)).toBe('-250.00');
  });

  it('balance general PDF and XLSX carry the JSON totals', async () => {
    const e = (await call('GET', '/api/contabilidad/estados/2026/5')).body;
    const text = await pdfOf((await file('/api/contabilidad/reportes/balance/2026/5?formato=pdf')).bytes);
    expect(text).toContain('Balance general');
    expect(text).toContain('Total activo');
    expect(text).toContain(fmt(e.balance.activo.total));
    const { rows } = await sheetRows((await file('/api/contabilidad/reportes/balance/2026/5?formato=xlsx')).bytes);
    expect(rows.find((r) => r[1] === 'Total activo')?.[2]).toBe(Number(e.balance.activo.total));
    expect(rows.find((r) => r[1] === 'Total pasivo')?.[2]).toBe(Number(e.balance.pasivo.total));
  });

  it('libro diario and mayor: the month, and January–May adding April\'s póliza', async () => {
    const mes = (await call('GET', '/api/contabilidad/libros/diario/2026/5')).body.filas as string[][];
    const { rows } = await sheetRows((await file('/api/contabilidad/reportes/diario/2026/5?formato=xlsx')).bytes);
    expect(rows).toHaveLength(mes.length);
    const ytd = await sheetRows((await file('/api/contabilidad/reportes/diario/2026/5?formato=xlsx&acumulado=1')).bytes);
    expect(ytd.rows).toHaveLength(mes.length + 2);
    expect(ytd.rows[0]![3]).toBe('Papelería de abril');
    // Mayor year to date: the bank subaccount opens at 0 in April and ends at 982 − 250 = 732.
    const mayor = await sheetRows((await file('/api/contabilidad/reportes/mayor/2026/5?formato=xlsx&acumulado=1')).bytes);
    const banco = mayor.rows.filter((r) => r[2] === '102.01.0001' || String(r[2]).startsWith('102.01.0001 '));
    expect(banco[0]![6]).toBe(0);
    expect(banco.at(-1)!.slice(4)).toEqual([2500, 1768, 732]);
    const text = await pdfOf((await file('/api/contabilidad/reportes/mayor/2026/5?formato=pdf&acumulado=1')).bytes);
    expect(text).toContain('Libro mayor');
    expect(text).toContain('enero a mayo de 2026 (acumulado)');
    expect(text).toContain('1,768.00');
  });

  it('bad report or format: 422 naming the field', async () => {
    expect((await call('GET', '/api/contabilidad/reportes/flujo/2026/5?formato=pdf')).status).toBe(422);
    const bad = await call('GET', '/api/contabilidad/reportes/balance/2026/5?formato=doc');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('formato');
  });
});
