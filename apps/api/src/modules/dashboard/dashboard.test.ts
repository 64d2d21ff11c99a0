import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { stampedReceived, SUPPLIER_RFC } from '../../../test/received-cfdis';
import { importXmls as importFor } from '../../../test/import-xmls';
import { buildPayment } from '../payment-reception/payment-builder';

let server: TestServer;
/** The SAT test taxpayer (persona moral 601): what it issues is its income. */
let issuer: TestAccount;
/** Its customer (persona física 612, premium): what it receives is its expense. */
let customer: TestAccount;

const iva16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };
const concept = (valor: string, extra: Record<string, unknown> = {}) => ({
  claveProdServ: '81111500', claveUnidad: 'E48', descripcion: 'Servicio', cantidad: '1', valorUnitario: valor, traslados: [iva16], ...extra,
});

const importXmls = (account: TestAccount, xmls: string[]) => importFor(server.baseUrl, account, xmls);

beforeAll(async () => {
  server = await startTestServer();
  issuer = await createAccount(server.baseUrl, { rfc: SUPPLIER_RFC, persona: 'moral', rol: 11 });
  customer = await createAccount(server.baseUrl, { rol: 11 });

  // The issuer's March 2026 (docs/cash-basis.md example, income side).
  const pue = await stampedReceived({
    receptorRfc: customer.rfc, fecha: '2026-03-05T10:00:00', usoCFDI: 'G03',
    conceptos: [concept('10000', { retenciones: [
      { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.100000' },
      { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667' },
    ] })],
  });
  const ppd = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-08T10:00:00', valor: '10000', metodoPago: 'PPD', formaPago: '99' });
  const pago = buildPayment({ fechaPago: '2026-03-20T12:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: '5800.00' }, [{
    invoice: {
      uuid: ppd.uuid, tipo: 'I', estado: 'vigente', metodoPago: 'PPD', moneda: 'MXN', total: '11600.00', saldo: '11600.00', pagosPrevios: 0,
      rfcReceptor: customer.rfc, traslados: [{ ...iva16, base: '10000.00' }], retenciones: [],
    },
  }]);
  const complement = await stampedReceived({ receptorRfc: customer.rfc, tipo: 'P', fecha: '2026-03-21T09:00:00', pagos: [pago] });
  const note = await stampedReceived({
    receptorRfc: customer.rfc, tipo: 'E', fecha: '2026-03-25T09:00:00', valor: '1000', usoCFDI: 'G02',
    relacionados: [{ tipoRelacion: '01', uuids: [pue.uuid] }],
  });
  const april = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-04-02T10:00:00', valor: '300' });
  const issued = await importXmls(issuer, [pue.xml, ppd.xml, complement.xml, note.xml, april.xml]);
  expect(issued).toMatchObject({ imported: 5, rejected: [] });

  // The customer's expenses of March 2026.
  const withDiscount = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-12T10:00:00', conceptos: [concept('2000', { descuento: '100' })] });
  const untaxed = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-15T10:00:00', conceptos: [concept('500', { objetoImp: '01', traslados: [] })] });
  const unpaid = await stampedReceived({ receptorRfc: customer.rfc, fecha: '2026-03-02T10:00:00', valor: '1000', metodoPago: 'PPD', formaPago: '99' });
  const received = await importXmls(customer, [withDiscount.xml, untaxed.xml, unpaid.xml]);
  expect(received).toMatchObject({ imported: 3, rejected: [] });
});
afterAll(async () => server?.close());

const get = (a: TestAccount, path: string) => callApi(server.baseUrl, a.headers, 'GET', path);

describe('GET /api/getInMesDashboard/{rfc}/{month}/{year}', () => {
  it('income side of a hand-computed month: PUE + half-paid PPD − credit note, to the cent', async () => {
    const res = await get(issuer, `/api/getInMesDashboard/${issuer.rfc}/3/2026`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ingresosmes: '14000.00', // 10,000 + 5,000 (5,800 of 11,600) − 1,000
      // Issue 24 §8: the declaration's IVA a cargo in pesos: 1,600 + 800 − 160 = 2,240.00 trasladado − 1,066.67 the
      // customer withheld = 1,173.33 → 1,173 (CFF art. 20). It was 2,240.00 (the withheld IVA ignored).
      ivames: '1173.00',
      retisr: '1000.00',
      retivamesIngresos: '1066.67',
      porcobrar: '5800.00',
      gastosmes: '0.00',
      // Issue 24 §6 and §8: the declaration's ISR of a persona moral is coeficiente × ingresos nominales (no coeficiente
      // saved: 0) and never credits the 1,000 withheld on its own invoice. It was 3,200.00 (30 % × cash profit − 1,000).
      isrmes: '0.00',
      montonoiva: '0.00',
      impuestos: { estado: 'estimado', declaracionId: null, isrCalculado: true },
    });
    expect(res.body.ingresosmesDetalle.map((d: { valor: string }) => d.valor)).toEqual(['10000.00', '5000.00', '-1000.00']);
    expect(res.body.diario.map((d: { fecha: string }) => d.fecha)).toEqual(['2026-03-05', '2026-03-20', '2026-03-25']);
  });

  it('expense side: discount, untaxed expense (montonoiva for a paid plan), IVA acreditable, open payable', async () => {
    const res = await get(customer, `/api/getInMesDashboard/${customer.rfc}/3/2026`);
    // ivames is the declaration's IVA a cargo: 0.00 (the 304.00 acreditable is a saldo a favor, not a negative tax).
    expect(res.body).toMatchObject({ gastosmes: '2400.00', ivames: '0.00', montonoiva: '500.00', porpagar: '1160.00', ingresosmes: '0.00' });
    expect(res.body.ivamesDetalle[1].valor).toBe('-304.00');
  });

  it('another month and the yearly overview', async () => {
    const april = await get(issuer, `/api/getInMesDashboard/${issuer.rfc}/4/2026`);
    expect(april.body).toMatchObject({ ingresosmes: '300.00', porcobrar: '5800.00' });
    const year = await get(issuer, `/api/getIngresosDashboard/${issuer.rfc}/3/2026`);
    expect(year.body.body[2]).toEqual({ mes: 3, ingresos: '14000.00', gastos: '0.00', iva: '2240.00' });
    expect(year.body.year).toEqual({ ano: 2026, ingresos: '14300.00', gastos: '0.00', iva: '2288.00' });
    const paid = await get(issuer, `/api/getIngresosPDashboardV2/${issuer.rfc}/3/2026`);
    expect(paid.body.data[1]).toEqual({ fecha: '2026-03-20', ingresos: '5000.00', gastos: '0.00', iva: '800.00' });
    const filter = await get(issuer, `/api/dashboardmes/${issuer.rfc}/3/2026`);
    expect(filter.body.data).toMatchObject({ ano: 2026, meses: expect.arrayContaining([{ value: 3, text: 'Marzo' }]) });
    expect(filter.body.data.anos).toContain(2026);
  });

  it('another RFC in the path answers 403 on every dashboard endpoint', async () => {
    for (const path of ['getInMesDashboard', 'getIngresosPDashboardV2', 'getIngresosDashboard', 'dashboardmes']) {
      expect((await get(customer, `/api/${path}/${issuer.rfc}/3/2026`)).status).toBe(403);
    }
  });

  it('a free plan gets only the cards of its features (62-64): withholdings, platforms, balances, non-IVA expenses and the charts are locked', async () => {
    const flags = await callApi(server.baseUrl, issuer.headers, 'POST', '/api/dev/account-flags', { rol: 10 });
    expect(flags.status).toBe(200);
    const asFree = { ...issuer, headers: { ...issuer.headers, authorization: `Bearer ${flags.body.access_token as string}` } };
    const month = await get(asFree, `/api/getInMesDashboard/${issuer.rfc}/3/2026`);
    expect(month.status).toBe(200);
    expect(month.body).toMatchObject({ ingresosmes: '14000.00', ivames: '1173.00', isrmes: '0.00' });
    expect(month.body).toMatchObject({ retisr: null, retivamesIngresos: null, isrretPel: null, ivaretPel: null, porcobrar: null, porpagar: null, montonoiva: null });
    expect(month.body.ingresosmesDetalle).toHaveLength(3);
    // Feature 69 (IVA chart) on the server too (issue 25 §6): its daily series is not in a free answer.
    expect(month.body.diario).toEqual([]);
    for (const path of ['getIngresosPDashboardV2', 'getIngresosDashboard']) {
      const locked = await get(asFree, `/api/${path}/${issuer.rfc}/3/2026`);
      expect(locked.status).toBe(403);
      expect(locked.body.message).toBe('Actualiza a premium para desbloquear esta funcionalidad');
    }
  });
});
