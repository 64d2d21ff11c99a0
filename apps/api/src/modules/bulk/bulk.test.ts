import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BULK_COLUMNS, withCheckDigit } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, randomRfc, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { expectIsolated } from '../../../test/isolation';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  [owner, intruder] = await Promise.all([createAccount(server.baseUrl, { rol: 11 }), createAccount(server.baseUrl, { rol: 11 })]);
});
afterAll(() => server?.close());

const call = (account: TestAccount, method: string, path: string, body?: unknown) => callApi(server.baseUrl, account.headers, method, path, body);

async function download(account: TestAccount, path: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: account.headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

async function upload(account: TestAccount, entity: string, bytes: Buffer | string, name: string, confirmar = false) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.baseUrl}/api/importar/${entity}${confirmar ? '?confirmar=1' : ''}`, { method: 'POST', headers: account.headers, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('clientes');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const clientHeader = BULK_COLUMNS.clientes.map((c) => c.header);
const clientRow = (rfc: string, name: string, over: Partial<Record<string, string>> = {}) =>
  BULK_COLUMNS.clientes.map((c) => ({ rfc, r_social: name, regimen: '601', uso_cfdi: 'G03', cp: '06600', email: 'pagos@ejemplo.mx', ...over } as Record<string, string>)[c.key] ?? '');
/** A distinct persona moral prefix per index (AAA, AAB, …). */
const letters3 = (i: number) => [676, 26, 1].map((d) => String.fromCharCode(65 + (Math.floor(i / d) % 26))).join('');
const csv = (rows: string[][]) => rows.map((r) => r.map((v) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\r\n');

describe('spreadsheet import and export (issue 29 §1)', () => {
  it('downloads the template with the exact columns and one example row, in XLSX and CSV', async () => {
    const xlsx = await download(owner, '/api/importar/clientes/plantilla?formato=xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toContain('spreadsheetml');
    const rows = await xlsxRows(xlsx.bytes);
    expect(rows[0]).toEqual(clientHeader);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe('EKU9003173C9');

    const text = await download(owner, '/api/importar/empleados/plantilla?formato=csv');
    expect(text.type).toContain('text/csv');
    const lines = text.bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe(BULK_COLUMNS.empleados.map((c) => c.header).join(','));
    expect(lines).toHaveLength(2);
    expect((await download(owner, '/api/importar/facturas/plantilla')).status).toBe(422);
  });

  it('previews an XLSX with errors by row and column, imports only the valid rows on confirm, and nothing before', async () => {
    const account = await createAccount(server.baseUrl);
    const good = [randomRfc('moral'), randomRfc('moral'), randomRfc('fisica')];
    const badRfc = `${good[0]!.slice(0, 11)}${good[0]!.endsWith('A') ? 'B' : 'A'}`;
    const file = await xlsxOf([
      clientHeader,
      clientRow(good[0]!, 'Uno Comercial'),
      clientRow(badRfc, 'RFC malo'),
      clientRow(good[1]!, 'Dos Servicios', { uso_cfdi: 'D01' }),
      clientRow(good[2]!, 'Juana Pérez', { regimen: '612', uso_cfdi: 'G03', cp: '44100' }),
    ]);
    const preview = await upload(account, 'clientes', file, 'clientes.xlsx');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ entidad: 'clientes', total: 4, validas: 2, nuevas: 2, actualizaciones: 0 });
    expect(preview.body.importadas).toBeUndefined();
    expect(preview.body.errores).toEqual([
      expect.objectContaining({ fila: 3, columna: 'RFC', letra: 'A' }),
      expect.objectContaining({ fila: 4, columna: 'Uso CFDI', letra: 'D', mensaje: expect.stringMatching(/no es compatible con el régimen 601/) }),
    ]);
    expect((await call(account, 'GET', '/api/clients')).body.total).toBe(0);

    const done = await upload(account, 'clientes', file, 'clientes.xlsx', true);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ validas: 2, importadas: 2, proceso: null });
    const list = (await call(account, 'GET', '/api/clients')).body;
    expect(list.total).toBe(2);
    expect(list.data.find((c: any) => c.rfc === good[2])).toMatchObject({ r_social: 'Juana Pérez', state: 'JAL', regimen: '612' });
  });

  it('re-importing updates by RFC instead of duplicating, and the export imports back unchanged', async () => {
    const account = await createAccount(server.baseUrl);
    const rfc = randomRfc('moral');
    const first = csv([clientHeader, clientRow(rfc, 'Nombre Viejo')]);
    expect((await upload(account, 'clientes', first, 'a.csv', true)).body).toMatchObject({ importadas: 1, nuevas: 1 });
    const again = await upload(account, 'clientes', csv([clientHeader, clientRow(rfc, 'Nombre Nuevo', { email: 'a@x.mx; b@x.mx' })]), 'a.csv', true);
    expect(again.body).toMatchObject({ importadas: 1, nuevas: 0, actualizaciones: 1 });
    const list = (await call(account, 'GET', '/api/clients')).body;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ rfc, r_social: 'Nombre Nuevo', email: ['a@x.mx', 'b@x.mx'] });

    for (const formato of ['xlsx', 'csv'] as const) {
      const exported = await download(account, `/api/exportar/clientes?formato=${formato}`);
      expect(exported.status).toBe(200);
      const back = await upload(account, 'clientes', exported.bytes, `export.${formato}`, true);
      expect(back.body).toMatchObject({ total: 1, validas: 1, errores: [], actualizaciones: 1, nuevas: 0 });
    }
    const after = (await call(account, 'GET', '/api/clients')).body;
    expect(after.total).toBe(1);
    expect(after.data[0]).toMatchObject({ r_social: 'Nombre Nuevo', email: ['a@x.mx', 'b@x.mx'], domicilio: { cp: '06600' } });
  });

  it('products re-import by SKU; one made in the form exports with a key that updates it', async () => {
    const account = await createAccount(server.baseUrl);
    const made = await call(account, 'POST', '/api/products', {
      claveProducto: '81111500', claveUnidad: 'E48', descripcionProducto: 'Consultoría', valorUnitario: '1000', objetoImp: '02',
      impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' }], retenciones: [] }, add: true,
    });
    expect(made.status).toBe(201);
    const exported = await download(account, '/api/exportar/productos?formato=csv');
    const text = exported.bytes.toString('utf8').replace(/^\uFEFF/, '');
    expect(text).toContain(`FACTURO-${made.body.id},81111500,E48`);
    const edited = text.replace('Consultoría', 'Consultoría fiscal').replace('1000', '1250.50');
    const back = await upload(account, 'productos', edited, 'p.csv', true);
    expect(back.body).toMatchObject({ validas: 1, actualizaciones: 1, importadas: 1 });
    const list = (await call(account, 'GET', '/api/products')).body;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: made.body.id, descripcionProducto: 'Consultoría fiscal', valorUnitario: '1250.5', sku: `FACTURO-${made.body.id}` });
  });

  it('employees import and update by número de empleado', async () => {
    const tpl = await download(owner, '/api/importar/empleados/plantilla?formato=csv');
    const text = tpl.bytes.toString('utf8');
    const first = await upload(owner, 'empleados', text, 'e.csv', true);
    expect(first.body).toMatchObject({ validas: 1, importadas: 1 });
    const second = await upload(owner, 'empleados', text.replace('Analista', 'Gerente'), 'e.csv', true);
    expect(second.body).toMatchObject({ actualizaciones: 1, nuevas: 0 });
    const list = (await call(owner, 'GET', '/api/employees')).body;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ no_empleado: '0001', puesto: 'Gerente' });
  });

  it('imports more than 500 rows as a background job that reports its progress', async () => {
    const account = await createAccount(server.baseUrl);
    const rows = Array.from({ length: 520 }, (_, i) => clientRow(withCheckDigit(`${letters3(i)}850101AB`), `Cliente ${i}`));
    const started = await upload(account, 'clientes', csv([clientHeader, ...rows]), 'big.csv', true);
    expect(started.body).toMatchObject({ validas: 520, importadas: 0, proceso: { id: expect.any(String) } });
    let proc: any;
    for (let i = 0; i < 120; i++) {
      proc = (await call(account, 'GET', `/api/background/process/${started.body.proceso.id}`)).body;
      if (proc.finished) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(proc).toMatchObject({ finished: true, code: 200, progress: 100, message: 'Se importaron 520 clientes: 520 nuevos y 0 actualizados' });
    expect((await call(account, 'GET', '/api/clients')).body.total).toBe(520);
    expect((await call(intruder, 'GET', `/api/background/process/${started.body.proceso.id}`)).status).toBe(404);
  });

  it('refuses what is not a spreadsheet, in Spanish, naming the file field', async () => {
    const res = await upload(owner, 'clientes', Buffer.from([0, 1, 2, 3, 0]), 'x.xls');
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/\.xlsx o \.csv/);
  });

  it('keeps each account to its own records (export and re-import never reach another tenant)', async () => {
    const rfc = randomRfc('moral');
    await upload(owner, 'clientes', csv([clientHeader, clientRow(rfc, 'Privado del dueño')]), 'o.csv', true);
    const theirs = await download(intruder, '/api/exportar/clientes?formato=csv');
    expect(theirs.bytes.toString('utf8')).not.toContain(rfc);
    // The same RFC imported by another account is that account's new customer, not an update of the owner's.
    const other = await upload(intruder, 'clientes', csv([clientHeader, clientRow(rfc, 'Del intruso')]), 'i.csv', true);
    expect(other.body).toMatchObject({ nuevas: 1, actualizaciones: 0 });
    const mine = (await call(owner, 'GET', `/api/clients?search=${rfc}`)).body;
    expect(mine.data[0].r_social).toBe('Privado del dueño');
    await expectIsolated(server.baseUrl, owner, intruder, [{ method: 'GET', path: `/api/clients/${mine.data[0].id}/edit` }]);
  });

  it('a plan without employees cannot import them', async () => {
    const free = await createAccount(server.baseUrl);
    expect((await download(free, '/api/importar/empleados/plantilla')).status).toBe(403);
  });
});
