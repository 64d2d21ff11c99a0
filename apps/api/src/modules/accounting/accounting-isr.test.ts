import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@facturo/cfdi/money';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { importXmls } from '../../../test/import-xmls';
import { buildPayment } from '../payment-reception/payment-builder';

/**
 * Issue 28 §5: the estado de resultados' income and deductions against the provisional ISR declaration
 * (statements module) for the same month, for a persona moral (601, art. 14: ingresos nominales, accrual — they
 * agree) and a persona física (612, art. 106: cash basis — they differ by what was accrued and not paid, which
 * the test states and checks).
 */

let server: TestServer;
/** Persona física 612: receives the documents (its expenses). */
let fisica: TestAccount;
/** The SAT test taxpayer as persona moral 601: what it issues is its income. */
let moral: TestAccount;

const iva16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };
const concept = (valor: string, extra: Record<string, unknown> = {}) => ({
  claveProdServ: '81111500', claveUnidad: 'E48', descripcion: 'Servicio', cantidad: '1', valorUnitario: valor, traslados: [iva16], ...extra,
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

type Seccion = { clave: string; mes: string; acumulado: string };
async function resultados(a: TestAccount, anio: number, mes: number): Promise<Record<string, Seccion>> {
  const res = await call(a, 'GET', `/api/contabilidad/estados/${anio}/${mes}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries((res.body.resultados.secciones as Seccion[]).map((s) => [s.clave, s]));
}

async function isrLine(a: TestAccount, anio: number, mes: number, clave: string): Promise<string> {
  const res = await call(a, 'POST', '/api/statements/start', { month: mes, year: anio });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const line = (res.body.secciones[0].lineas as { clave: string; valor: string }[]).find((l) => l.clave === clave);
  expect(line, `${clave} in ${JSON.stringify(res.body.secciones[0].lineas.map((l: { clave: string }) => l.clave))}`).toBeDefined();
  return line!.valor;
}

let ppdUuid = '';
beforeAll(async () => {
  server = await startTestServer();
  fisica = await createAccount(server.baseUrl, { rol: 11 });
  moral = await createAccount(server.baseUrl, { rfc: SUPPLIER_RFC, persona: 'moral', rol: 11 });
  const withDiscount = await stampedReceived({ receptorRfc: fisica.rfc, fecha: '2026-03-12T10:00:00', conceptos: [concept('2000', { descuento: '100' })] });
  const untaxed = await stampedReceived({ receptorRfc: fisica.rfc, fecha: '2026-03-15T10:00:00', conceptos: [concept('500', { objetoImp: '01', traslados: [] })] });
  const ppd = await stampedReceived({ receptorRfc: fisica.rfc, fecha: '2026-03-02T10:00:00', valor: '1000', metodoPago: 'PPD', formaPago: '99' });
  ppdUuid = ppd.uuid;
  const pago = await stampedReceived({
    receptorRfc: fisica.rfc, tipo: 'P', fecha: '2026-03-21T09:00:00',
    pagos: [buildPayment({ fechaPago: '2026-03-20T12:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: '580.00' }, [{ invoice: {
      uuid: ppdUuid, tipo: 'I', estado: 'vigente', metodoPago: 'PPD', moneda: 'MXN', total: '1160.00', saldo: '1160.00', pagosPrevios: 0,
      rfcReceptor: fisica.rfc, traslados: [{ ...iva16, base: '1000.00' }], retenciones: [],
    } }])],
  });
  const note = await stampedReceived({
    receptorRfc: fisica.rfc, tipo: 'E', fecha: '2026-03-25T09:00:00', valor: '100', usoCFDI: 'G02', relacionados: [{ tipoRelacion: '01', uuids: [withDiscount.uuid] }],
  });
  const xmls = [withDiscount.xml, untaxed.xml, ppd.xml, pago.xml, note.xml];
  expect(await importXmls(server.baseUrl, fisica, xmls)).toMatchObject({ imported: 5, rejected: [] });
  expect(await importXmls(server.baseUrl, moral, xmls)).toMatchObject({ imported: 5, rejected: [] });
  await generate(fisica, 2026, 3);
  await generate(moral, 2026, 3);
}, 240_000);
afterAll(async () => server?.close());

describe('estado de resultados × pago provisional de ISR', () => {
  it('persona moral (601): the income of the estado de resultados is the declaration\'s ingresos nominales, month and year to date', async () => {
    expect((await call(moral, 'PUT', '/api/statements/settings', { coeficiente_utilidad: '0.2000' })).status).toBe(200);
    const er = await resultados(moral, 2026, 3);
    const res = await call(moral, 'POST', '/api/statements/start', { month: 3, year: 2026 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lineas = res.body.secciones[0].lineas as { clave: string; valor: string; fuente: string | null }[];
    // Art. 14 adds up the year's ingresos nominales (accrued when the CFDI is issued, less credit notes).
    const nominales = lineas.find((l) => l.clave === 'ingresos_nominales')!;
    expect(nominales.fuente).toBe('devengados');
    expect(nominales.valor).toBe('3300.00');
    expect(new Decimal(er.ingresos!.acumulado).toFixed(2)).toBe(nominales.valor);
    expect(new Decimal(er.ingresos!.mes).toFixed(2)).toBe(nominales.valor); // March is the first month with entries
    // A persona moral's provisional payment has no deductions (coeficiente de utilidad): nothing to compare on that side.
    expect(lineas.some((l) => l.fuente === 'deducciones')).toBe(false);
  });

  it('persona física (612): deductions are cash basis; the estado de resultados (accrual) differs by exactly the accrued expense not yet paid', async () => {
    const er = await resultados(fisica, 2026, 3);
    expect(er.ingresos ? new Decimal(er.ingresos.mes).toFixed(2) : '0.00').toBe('0.00');
    const gastos = new Decimal(er.gastos!.mes).plus(er.costos ? er.costos.mes : 0);
    const deducciones = new Decimal(await isrLine(fisica, 2026, 3, 'deducciones_acumuladas'));
    // Reconciliation: ER gastos − deducciones = base of PPD invoices accrued in the month and not paid in it
    // (1,000 base, 500 paid by the 580.00 complement) − nothing paid this month of earlier months' PPDs.
    const pagos = (await call(fisica, 'GET', '/api/contabilidad/polizas?anio=2026&mes=3')).body.data as { tipo: string; uuids: string[]; lineas: { numCta: string; debe: string }[] }[];
    const cobroPpd = pagos.find((p) => p.tipo === 'egreso' && p.uuids.includes(ppdUuid))!;
    const ivaPagadoPpd = new Decimal(cobroPpd.lineas.find((l) => l.numCta === '118.01')!.debe);
    const basePagadaPpd = new Decimal('580.00').minus(ivaPagadoPpd);
    const devengadoNoPagado = new Decimal('1000.00').minus(basePagadaPpd);
    expect(devengadoNoPagado.toFixed(2)).toBe('500.00');
    expect(gastos.minus(deducciones).toFixed(2)).toBe(devengadoNoPagado.toFixed(2));
  });
});
