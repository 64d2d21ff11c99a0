import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../../../packages/cfdi/test/fixtures';
import { Decimal } from '@facturo/cfdi/money';
import { ROLES, validateContabilidadXsd } from '@facturo/cfdi/contabilidad';
import { ACCOUNTING_ROLES } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { importXmls } from '../../../test/import-xmls';
import { expectIsolated } from '../../../test/isolation';
import { buildPayment } from '../payment-reception/payment-builder';

let server: TestServer;
/** Receives the SAT test taxpayer's documents (its expenses). */
let customer: TestAccount;
/** The SAT test taxpayer: what it issued is its income. */
let issuer: TestAccount;
let intruder: TestAccount;
let ppdUuid = '';
let pagoUuid = '';
let pueUuid = '';

const iva16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };
const concept = (valor: string, extra: Record<string, unknown> = {}) => ({
  claveProdServ: '15101514', claveUnidad: 'E48', descripcion: 'Gasolina', cantidad: '1', valorUnitario: valor, traslados: [iva16], ...extra,
});
const call = (a: TestAccount, method: string, path: string, body?: unknown) => callApi(server.baseUrl, a.headers, method, path, body);

async function generate(a: TestAccount, anio: number, mes: number) {
  const res = await call(a, 'POST', '/api/contabilidad/polizas/generar', { anio, mes });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  for (let i = 0; i < 300; i++) {
    const p = await call(a, 'GET', `/api/background/process/${res.body.processId}`);
    if (p.body.finished) return p.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('generation did not finish');
}

beforeAll(async () => {
  server = await startTestServer();
  customer = await createAccount(server.baseUrl, { rol: 11 });
  issuer = await createAccount(server.baseUrl, { rfc: SUPPLIER_RFC, persona: 'moral', rol: 11 });
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  const ppd = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-02T10:00:00', valor: '1000', metodoPago: 'PPD', formaPago: '99' });
  ppdUuid = ppd.uuid;
  const pago = await stampedReceived({
    receptorRfc: customer.rfc, tipo: 'P', fecha: '2026-03-21T09:00:00',
    pagos: [buildPayment({ fechaPago: '2026-03-20T12:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: '580.00' }, [{ invoice: {
      uuid: ppdUuid, tipo: 'I', estado: 'vigente', metodoPago: 'PPD', moneda: 'MXN', total: '1160.00', saldo: '1160.00', pagosPrevios: 0,
      rfcReceptor: customer.rfc, traslados: [{ ...iva16, base: '1000.00' }], retenciones: [],
    } }])],
  });
  pagoUuid = pago.uuid;
  const pue = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-12T10:00:00', conceptos: [concept('2000', { descuento: '100' })] });
  pueUuid = pue.uuid;
  const note = await stampedReceived({
    receptorRfc: customer.rfc, tipo: 'E', fecha: '2026-03-25T09:00:00', valor: '100', usoCFDI: 'G02', relacionados: [{ tipoRelacion: '01', uuids: [pue.uuid] }],
  });
  const xmls = [ppd.xml, pago.xml, pue.xml, note.xml];
  expect(await importXmls(server.baseUrl, customer, xmls)).toMatchObject({ imported: 4, rejected: [] });
  expect(await importXmls(server.baseUrl, issuer, xmls)).toMatchObject({ imported: 4, rejected: [] });
}, 180_000);
afterAll(async () => server?.close());

describe('catálogo de cuentas', () => {
  it('starts with the default chart, each account with its SAT code, nature and level', async () => {
    const res = await call(customer, 'GET', '/api/contabilidad/cuentas');
    expect(res.status).toBe(200);
    expect(res.body.find((c: { numero: string }) => c.numero === '105.01')).toMatchObject({
      numero: '105.01', descripcion: 'Clientes nacionales', codigoAgrupador: '105.01', naturaleza: 'D', nivel: 2, padre: '105',
    });
    expect(res.body.find((c: { numero: string }) => c.numero === '401.01')).toMatchObject({ naturaleza: 'A', nivel: 1 + 1 });
  });

  it('adds a subaccount (level and nature from its parent), renames and deactivates it; refuses a code SAT does not have', async () => {
    const created = await call(customer, 'POST', '/api/contabilidad/cuentas', { numero: '101.01.01', descripcion: 'Caja chica', codigoAgrupador: '101.01', padre: '101.01' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ nivel: 3, naturaleza: 'D', padre: '101.01', activa: true });
    const bad = await call(customer, 'POST', '/api/contabilidad/cuentas', { numero: '101.01.02', descripcion: 'X', codigoAgrupador: '999.99', padre: '101.01' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.codigoAgrupador[0]).toMatch(/no existe en el catálogo del SAT/);
    // 403.06 is in the published list but not in SAT's XSD: refused.
    expect((await call(customer, 'POST', '/api/contabilidad/cuentas', { numero: '403.99', descripcion: 'X', codigoAgrupador: '403.06', naturaleza: 'A' })).status).toBe(422);
    const dup = await call(customer, 'POST', '/api/contabilidad/cuentas', { numero: '101.01.01', descripcion: 'Otra', codigoAgrupador: '101.01', padre: '101.01' });
    expect(dup.status).toBe(422);
    const renamed = await call(customer, 'PATCH', '/api/contabilidad/cuentas/101.01.01', { descripcion: 'Caja chica sucursal', activa: false });
    expect(renamed.body).toMatchObject({ descripcion: 'Caja chica sucursal', activa: false });
    const inRules = await call(customer, 'PATCH', '/api/contabilidad/cuentas/102.01', { activa: false });
    expect(inRules.status).toBe(422);
    expect(inRules.body.errors.activa[0]).toMatch(/reglas/);
  });

  it("imports an existing catálogo (SAT's public sample): its 19 accounts join the chart; a file that is not valid is refused", async () => {
    const xml = readFileSync(fixturePath('contabilidad', 'samples', 'CACX7605101P8202312CT.xml'), 'utf8');
    const res = await call(intruder, 'POST', '/api/contabilidad/cuentas/importar', { xml });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.importadas).toBe(19);
    expect(res.body.cuentas.find((c: { numero: string }) => c.numero === '1102.1.1')).toMatchObject({ descripcion: 'HSBC', codigoAgrupador: '102.01', nivel: 3, padre: '1102.1' });
    const bad = await call(intruder, 'POST', '/api/contabilidad/cuentas/importar', { xml: xml.replace('CodAgrup="102"', 'CodAgrup="999.99"') });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.xml[0]).toMatch(/CodAgrup/);
    const notCatalog = await call(intruder, 'POST', '/api/contabilidad/cuentas/importar', { xml: readFileSync(fixturePath('contabilidad', 'samples', 'CACX7605101P8202312BN.xml'), 'utf8') });
    expect(notCatalog.status).toBe(422);
  });

  it('the rules table is editable and every account it names must exist', async () => {
    expect([...ACCOUNTING_ROLES]).toEqual([...ROLES]);
    const rules = (await call(customer, 'GET', '/api/contabilidad/reglas')).body;
    expect(rules.cuentas.clientes).toBe('105.01');
    const bad = await call(customer, 'PUT', '/api/contabilidad/reglas', { ...rules, cuentas: { ...rules.cuentas, bancos: '999' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['cuentas.bancos'][0]).toMatch(/no existe/);
    const ok = await call(customer, 'PUT', '/api/contabilidad/reglas', { ...rules, gastosPorClave: [...rules.gastosPorClave, { prefijo: '151015', cuenta: '601.48' }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('pólizas written from the documents', () => {
  it('issued side: invoices, PUE payment, payment complement and credit note, each balanced and linked to its UUIDs', async () => {
    const done = await generate(issuer, 2026, 3);
    expect(done).toMatchObject({ code: 200, finished: true });
    const res = await call(issuer, 'GET', '/api/contabilidad/polizas?anio=2026&mes=3');
    expect(res.status).toBe(200);
    // PPD (diario), PUE (diario + cobro), pago (ingreso), nota de crédito (diario).
    expect(res.body.data).toHaveLength(5);
    for (const p of res.body.data) {
      const debe = p.lineas.reduce((s: Decimal, l: { debe: string }) => s.plus(l.debe), new Decimal(0));
      const haber = p.lineas.reduce((s: Decimal, l: { haber: string }) => s.plus(l.haber), new Decimal(0));
      expect(debe.equals(haber), p.numero).toBe(true);
      expect(p.uuids.length).toBeGreaterThan(0);
    }
    const ppd = res.body.data.find((p: { uuids: string[]; tipo: string }) => p.tipo === 'diario' && p.uuids.length === 1 && p.uuids[0] === ppdUuid);
    const cliente = (await call(issuer, 'GET', '/api/contabilidad/cuentas')).body.find((c: { rfcTercero: string | null }) => c.rfcTercero === customer.rfc);
    expect(cliente).toMatchObject({ padre: '105.01', nivel: 3, codigoAgrupador: '105.01' });
    expect(ppd.lineas).toEqual(expect.arrayContaining([
      expect.objectContaining({ numCta: cliente.numero, debe: '1160.00', haber: '0.00' }),
      expect.objectContaining({ numCta: '401.01', haber: '1000.00' }),
      expect.objectContaining({ numCta: '209.01', haber: '160.00' }),
    ]));
    expect(ppd.lineas[0].comprobantes[0]).toEqual({ uuid: ppdUuid, rfc: customer.rfc, montoTotal: '1160.00' });
    const cobro = res.body.data.find((p: { tipo: string; uuids: string[] }) => p.tipo === 'ingreso' && p.uuids.includes(pagoUuid));
    expect(cobro.uuids).toEqual([pagoUuid, ppdUuid]);
    expect(cobro.lineas).toEqual(expect.arrayContaining([
      expect.objectContaining({ numCta: '102.01', debe: '580.00' }),
      expect.objectContaining({ numCta: '209.01', debe: '80.00' }),
      expect.objectContaining({ numCta: '208.01', haber: '80.00' }),
    ]));
  });

  it('received side mirrors it: expense by ClaveProdServ rule, IVA acreditable pendiente → pagado, supplier subaccount', async () => {
    await generate(customer, 2026, 3);
    const res = await call(customer, 'GET', '/api/contabilidad/polizas?anio=2026&mes=3');
    const pue = res.body.data.filter((p: { uuids: string[] }) => p.uuids.includes(pueUuid));
    expect(pue.map((p: { tipo: string }) => p.tipo).sort()).toEqual(['diario', 'egreso']); // accrual and its payment at issue
    const accrual = pue.find((p: { tipo: string; lineas: { numCta: string }[] }) => p.tipo === 'diario' && p.lineas.some((l) => l.numCta === '601.48' && l));
    expect(accrual.lineas).toEqual(expect.arrayContaining([
      expect.objectContaining({ numCta: '601.48', debe: '1900.00' }),
      expect.objectContaining({ numCta: '119.01', debe: '304.00' }),
    ]));
    const egreso = pue.find((p: { tipo: string }) => p.tipo === 'egreso');
    expect(egreso.lineas).toEqual(expect.arrayContaining([
      expect.objectContaining({ numCta: '118.01', debe: '304.00' }), expect.objectContaining({ numCta: '119.01', haber: '304.00' }),
      expect.objectContaining({ numCta: '102.01', haber: '2204.00' }),
    ]));
  });

  it('generating again writes the same books (idempotent)', async () => {
    const before = (await call(issuer, 'GET', '/api/contabilidad/polizas?anio=2026&mes=3')).body.data;
    await generate(issuer, 2026, 3);
    const after = (await call(issuer, 'GET', '/api/contabilidad/polizas?anio=2026&mes=3')).body.data;
    const strip = (ps: { numero: string; lineas: unknown[] }[]) => ps.map((p) => ({ numero: p.numero, lineas: p.lineas }));
    expect(strip(after)).toEqual(strip(before));
  });

  it('a cancellation writes the reversing entry in the month of the cancellation', async () => {
    expect((await call(customer, 'POST', '/api/outcomes/cancel', { uuid: pueUuid })).body.rspns).toBe(true);
    const now = new Date(Date.now() - 6 * 3_600_000);
    const [anio, mes] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    await generate(customer, anio, mes);
    const res = await call(customer, 'GET', `/api/contabilidad/polizas?anio=${anio}&mes=${mes}`);
    const rev = res.body.data.filter((p: { uuids: string[] }) => p.uuids.includes(pueUuid));
    expect(rev.length).toBe(2); // the accrual and its PUE payment
    expect(rev[0].concepto).toMatch(/^Cancelación/);
    expect(rev.flatMap((p: { lineas: { numCta: string; haber: string }[] }) => p.lineas)).toEqual(expect.arrayContaining([
      expect.objectContaining({ numCta: '601.48', haber: '1900.00' }),
    ]));
  });

  it('a manual póliza must balance and use accounts that receive entries', async () => {
    const unbalanced = await call(customer, 'POST', '/api/contabilidad/polizas', {
      tipo: 'diario', fecha: '2026-03-31', concepto: 'Aportación', lineas: [{ numCta: '102.01', debe: '100.00' }, { numCta: '301.01', haber: '99.99' }],
    });
    expect(unbalanced.status).toBe(422);
    expect(unbalanced.body.errors.lineas[0]).toMatch(/no cuadra/);
    const parent = await call(customer, 'POST', '/api/contabilidad/polizas', {
      tipo: 'diario', fecha: '2026-03-31', concepto: 'Aportación', lineas: [{ numCta: '102', debe: '100.00' }, { numCta: '301.01', haber: '100.00' }],
    });
    expect(parent.status).toBe(422);
    expect(parent.body.errors['lineas.0.numCta'][0]).toMatch(/subcuentas/);
    const ok = await call(customer, 'POST', '/api/contabilidad/polizas', {
      tipo: 'diario', fecha: '2026-03-31', concepto: 'Aportación de capital', lineas: [{ numCta: '102.01', debe: '5000' }, { numCta: '301.01', haber: '5000.00' }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ origen: 'manual', mes: 3, total: '5000.00' });
  });
});

describe('balanza, month close, XML files', () => {
  it('balanza: debe = haber over the accounts that receive entries and equals the pólizas; parents sum their children', async () => {
    const b = (await call(customer, 'GET', '/api/contabilidad/balanza/2026/3')).body;
    const polizas = (await call(customer, 'GET', '/api/contabilidad/polizas?anio=2026&mes=3')).body.data;
    const total = polizas.flatMap((p: { lineas: { debe: string }[] }) => p.lineas).reduce((s: Decimal, l: { debe: string }) => s.plus(l.debe), new Decimal(0));
    expect(b.totales).toEqual({ debe: total.toFixed(2), haber: total.toFixed(2) });
    const row = (n: string) => b.rows.find((r: { numero: string }) => r.numero === n);
    expect(row('102')).toMatchObject({ saldoInicial: '0.00', debe: row('102.01').debe, haber: row('102.01').haber, saldoFinal: row('102.01').saldoFinal });
    expect(row('601.48')).toMatchObject({ debe: '1900.00', saldoFinal: '1900.00' });
    // April opens with March's final balances.
    const april = (await call(customer, 'GET', '/api/contabilidad/balanza/2026/4')).body;
    expect(april.rows.find((r: { numero: string }) => r.numero === '601.48')).toMatchObject({ saldoInicial: '1900.00', debe: '0.00', saldoFinal: '1900.00' });
  });

  it('estado de resultados and balance general follow the pólizas and square', async () => {
    const e = (await call(customer, 'GET', '/api/contabilidad/estados/2026/3')).body;
    const gastos = e.resultados.secciones.find((s: { clave: string }) => s.clave === 'gastos');
    expect(gastos.renglones.find((r: { numero: string }) => r.numero === '601')).toBeTruthy();
    expect(e.balance.diferencia).toBe('0.00');
    expect(e.resultados.utilidadAcumulada).toBe(e.resultados.utilidadMes); // March is the only month with entries before it
  });

  it('a closed month refuses entries until reopened; both steps are logged', async () => {
    const closed = await call(customer, 'POST', '/api/contabilidad/periodos/2026/3/cerrar');
    expect(closed.body).toMatchObject({ cerrado: true });
    const refused = await call(customer, 'POST', '/api/contabilidad/polizas', {
      tipo: 'diario', fecha: '2026-03-15', concepto: 'Tarde', lineas: [{ numCta: '102.01', debe: '1' }, { numCta: '301.01', haber: '1' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.fecha[0]).toMatch(/cerrado/);
    expect((await call(customer, 'POST', '/api/contabilidad/polizas/generar', { anio: 2026, mes: 3 })).status).toBe(422);
    expect((await call(customer, 'GET', '/api/contabilidad/balanza/2026/3')).body.cerrado).toBe(true);
    const reopened = await call(customer, 'POST', '/api/contabilidad/periodos/2026/3/reabrir', { motivo: 'Ajuste de auditoría' });
    expect(reopened.body.cerrado).toBe(false);
    expect(reopened.body.bitacora.map((e: { accion: string }) => e.accion)).toEqual(['reapertura', 'cierre']);
  });

  it('month 13 takes the closing entries dated 31 de diciembre', async () => {
    const bad = await call(customer, 'POST', '/api/contabilidad/polizas', {
      tipo: 'diario', fecha: '2026-12-30', mes13: true, concepto: 'Cierre', lineas: [{ numCta: '304.01', debe: '1' }, { numCta: '301.01', haber: '1' }],
    });
    expect(bad.status).toBe(422);
    const ok = await call(customer, 'POST', '/api/contabilidad/polizas', {
      tipo: 'diario', fecha: '2026-12-31', mes13: true, concepto: 'Cierre del ejercicio', lineas: [{ numCta: '401.01', debe: '10' }, { numCta: '304.01', haber: '10' }],
    });
    expect(ok.body).toMatchObject({ mes: 13, anio: 2026 });
    const b13 = (await call(customer, 'GET', '/api/contabilidad/balanza/2026/13')).body;
    expect(b13.rows.find((r: { numero: string }) => r.numero === '304.01')).toMatchObject({ haber: '10.00' });
  });

  it('the XML files are named as SAT expects and valid against SAT 1.3 XSDs; pólizas need the solicitud', async () => {
    let validated = 0;
    for (const [path, name] of [
      ['/api/contabilidad/xml/catalogo/2026/3', `${customer.rfc}202603CT.xml`],
      ['/api/contabilidad/xml/balanza/2026/3', `${customer.rfc}202603BN.xml`],
      ['/api/contabilidad/xml/balanza/2026/13?tipoEnvio=C&fechaModBal=2027-01-15', `${customer.rfc}202613BC.xml`],
      ['/api/contabilidad/xml/polizas/2026/3?tipoSolicitud=AF&numOrden=ABC1234567/26', `${customer.rfc}202603PL.xml`],
      ['/api/contabilidad/xml/polizas/2026/3?tipoSolicitud=DE&numTramite=AB123456789012', `${customer.rfc}202603PL.xml`],
      ['/api/contabilidad/xml/folios/2026/3?tipoSolicitud=CO&numTramite=AB123456789012', `${customer.rfc}202603XF.xml`],
      ['/api/contabilidad/xml/auxiliar/2026/3?tipoSolicitud=FC&numOrden=ABC1234567/26', `${customer.rfc}202603XC.xml`],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: customer.headers });
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(res.headers.get('content-disposition')).toContain(name);
      expect(validateContabilidadXsd(text), path).toEqual([]);
      validated++;
    }
    expect(validated).toBe(7);
    const zip = await fetch(`${server.baseUrl}/api/contabilidad/zip/balanza/2026/3`, { headers: customer.headers });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toContain(`${customer.rfc}202603BN.zip`);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(bytes.includes(Buffer.from(`${customer.rfc}202603BN.xml`))).toBe(true);
    const pl = await (await fetch(`${server.baseUrl}/api/contabilidad/xml/polizas/2026/3?tipoSolicitud=AF&numOrden=ABC1234567/26`, { headers: customer.headers })).text();
    expect(pl).toContain(`UUID_CFDI="${ppdUuid}"`);
    const missing = await call(customer, 'GET', '/api/contabilidad/xml/polizas/2026/3');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('tipoSolicitud');
    const noOrden = await call(customer, 'GET', '/api/contabilidad/xml/polizas/2026/3?tipoSolicitud=AF');
    expect(noOrden.status).toBe(422);
    expect(noOrden.body.errors).toHaveProperty('numOrden');
  });

  it('another account sees none of it', async () => {
    const own = (await call(customer, 'GET', '/api/contabilidad/polizas?anio=2026&mes=3')).body.data;
    const mine = own.find((p: { origen: string }) => p.origen === 'manual');
    await expectIsolated(server.baseUrl, customer, intruder, [
      { method: 'GET', path: `/api/contabilidad/polizas/${mine.id}` },
      { method: 'DELETE', path: `/api/contabilidad/polizas/${mine.id}` },
    ]);
    const theirs = await call(intruder, 'GET', '/api/contabilidad/polizas?anio=2026&mes=3');
    expect(theirs.body).toEqual({ data: [], total: 0 });
    const balanza = await call(intruder, 'GET', '/api/contabilidad/balanza/2026/3');
    expect(balanza.body.rows).toEqual([]);
    const cuentas = (await call(intruder, 'GET', '/api/contabilidad/cuentas')).body;
    expect(cuentas.some((c: { rfcTercero: string | null; numero: string }) => c.rfcTercero !== null || c.numero === '101.01.01')).toBe(false);
    expect(cuentas.some((c: { numero: string }) => c.numero === '1102.1.1')).toBe(true); // its own import
    expect((await call(customer, 'GET', `/api/contabilidad/polizas/${mine.id}`)).status).toBe(200);
  });
});
