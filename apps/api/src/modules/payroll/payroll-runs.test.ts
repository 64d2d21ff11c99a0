import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { validateXsd } from '@facturo/cfdi/validate';
import { startTestServer, type TestServer } from '../../../test/server';
import type { TestAccount } from '../../../test/accounts';
import { stampBalances } from '../cfdis/cfdis.schema';
import { employeeBody, matchingIds, PAYROLL_EMPLOYER_PROFILE, randomCurp } from '../employees/employee-fixtures.test-support';
import { api, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { prenominaDetalles } from './payroll.schema';

/**
 * Issue 24 items 1, 2, 3 and 14 on real stamped XML: the salario mínimo worker, SalarioBaseCotApor, the
 * aguinaldo and PTU payrolls, and a run start to finish (problems before stamping, retry, e-mail, cancel).
 */
let server: TestServer;
let owner: TestAccount;
const ids: Record<'min' | 'high' | 'bad', number> = { min: 0, high: 0, bad: 0 };
const MIN_EMAIL = `minimo.${Date.now()}@ejemplo.mx`;

const call = (method: string, path: string, body?: unknown) => api(server.baseUrl, owner, method, path, body);

async function waitFinished(processId: string) {
  for (let i = 0; i < 300; i++) {
    const list = await call('GET', '/api/background/process');
    const p = (list.data.data as { id: string; finished: boolean; code: number | null; message: string }[]).find((x) => x.id === processId);
    if (p?.finished) return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the stamping job did not finish');
}

interface Detalle {
  id: number; status: number; uuid: string | null; uuid_cancelado: string | null; isr: string; imss: string; neto: string; total_percepciones: string;
  empleado: { no_empleado: string }; percepciones: { tipo: string; importe_gravado: string; importe_exento: string; concepto: string; clave: string }[];
  otros_pagos: { tipo: string; importe: string; subsidio_causado: string | null }[]; deducciones: { tipo: string; importe: string }[];
}
const detailsOf = async (id: number): Promise<Detalle[]> => (await call('GET', `/api/prenomina/${id}`)).data.detalle_nomina;
const byEmployee = (list: Detalle[], no: string) => list.find((d) => d.empleado.no_empleado === no)!;
const xmlOf = async (uuid: string) => (await fetch(`${server.baseUrl}/api/incomes/${uuid}/xml`, { headers: owner.headers })).text();
const attr = (xml: string, element: string, name: string) => new RegExp(`<${element}\\b[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1];

async function stampRun(id: number) {
  const released = await call('POST', '/api/releasePrenomina', { id });
  expect(released.status, JSON.stringify(released.data)).toBe(202);
  return waitFinished(released.data.processId);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  await server.runtime.ctx.db.update(stampBalances).set({ balance: 100 });
  const profile = await call('PUT', '/api/profile', PAYROLL_EMPLOYER_PROFILE);
  expect(profile.status, JSON.stringify(profile.data)).toBe(200);
  const people = {
    // The 2026 general minimum; SDI 315.04 × 1.0493 ≈ 330.57.
    min: { ...matchingIds(), no_empleado: 'M001', salario_diario: '315.04', salario_base: '330.57', email: MIN_EMAIL },
    // An SDI above 25 UMA (2,932.75 in 2026).
    high: { ...matchingIds(), no_empleado: 'M002', salario_diario: '2000.00', salario_base: '3156.16' },
    // A CURP that is not this RFC's.
    bad: { rfc: matchingIds().rfc, curp: randomCurp(), no_empleado: 'M003', salario_diario: '400.00', salario_base: '418.08' },
  };
  for (const [key, over] of Object.entries(people)) {
    const res = await call('POST', '/api/employees', employeeBody(over));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    ids[key as keyof typeof ids] = res.data.id;
  }
}, 120_000);
afterAll(() => server?.close());

const quincena = { tipoNomina: 'O', fechaInicialPago: '2026-11-01', fechaFinalPago: '2026-11-15', fechaPago: '2026-11-15', numDiasPagados: '15', periodicidad: '04' };
const aguinaldo = { tipoNomina: 'E', tipoPago: 'aguinaldo', fechaInicialPago: '2026-01-01', fechaFinalPago: '2026-12-31', fechaPago: '2026-12-15', numDiasPagados: '15', periodicidad: '99' };

describe('items 1 and 2: salario mínimo and SalarioBaseCotApor on the stamped receipt', () => {
  it('a 315.04 worker has nothing withheld (net 4,725.60, subsidio only as SubsidioCausado); the high SDI is capped at 25 UMA', async () => {
    const created = await call('POST', '/api/crearPrenomina', { ...quincena, empleados: [ids.min, ids.high] });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const header = await call('GET', `/api/prenomina/${created.data.id}`);
    expect(header.data).toMatchObject({ tipo_pago: 'ordinaria', zona_salario: 'general' });
    const min = byEmployee(header.data.detalle_nomina, 'M001');
    expect(min).toMatchObject({ total_percepciones: '4725.60', isr: '0.00', imss: '0.00', neto: '4725.60', deducciones: [] });
    // ISR causado 337.05 would be offset by 264.30 of subsidio: art. 96 third paragraph withholds nothing; the
    // subsidio is reported as caused, not paid (Importe 0).
    expect(min.otros_pagos).toEqual([expect.objectContaining({ tipo: '002', importe: '0.00', subsidio_causado: '264.30' })]);

    expect(await stampRun(created.data.id)).toMatchObject({ code: 200, message: '2 recibos timbrados' });
    const stamped = await detailsOf(created.data.id);
    const minXml = await xmlOf(byEmployee(stamped, 'M001').uuid!);
    expect(validateXsd(minXml).filter((i) => i.severity === 'error')).toEqual([]);
    expect(attr(minXml, 'cfdi:Comprobante', 'Total')).toBe('4725.60');
    expect(minXml).not.toContain('nomina12:Deducciones');
    expect(attr(minXml, 'nomina12:OtroPago', 'TipoOtroPago')).toBe('002');
    expect(attr(minXml, 'nomina12:OtroPago', 'Importe')).toBe('0.00');
    expect(attr(minXml, 'nomina12:SubsidioAlEmpleo', 'SubsidioCausado')).toBe('264.30');

    const highXml = await xmlOf(byEmployee(stamped, 'M002').uuid!);
    expect(validateXsd(highXml).filter((i) => i.severity === 'error')).toEqual([]);
    expect(attr(highXml, 'nomina12:Receptor', 'SalarioDiarioIntegrado')).toBe('3156.16');
    // 25 × UMA 117.31 = 2,932.75: the base of the IMSS quotas of the same receipt.
    expect(attr(highXml, 'nomina12:Receptor', 'SalarioBaseCotApor')).toBe('2932.75');
  });
});

describe('item 3: aguinaldo and PTU payrolls (TipoNomina E)', () => {
  it('refuses an aguinaldo outside an extraordinary payroll, naming the field', async () => {
    const res = await call('POST', '/api/crearPrenomina', { ...aguinaldo, tipoNomina: 'O', periodicidad: '04', empleados: [ids.min] });
    expect(res.status).toBe(422);
    expect(res.data.errors.tipoNomina[0]).toMatch(/nómina extraordinaria/);
    expect(res.data.errors.periodicidad[0]).toMatch(/periodicidad 99/);
  });

  it('aguinaldo by RLISR 174, stamped: 002 with the exempt/taxable split and the hand-computed ISR', async () => {
    const created = await call('POST', '/api/crearPrenomina', { ...aguinaldo, metodoIsr: '174', empleados: [ids.min, ids.high] });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const list = await detailsOf(created.data.id);
    // Low: 315.04 × 15 = 4,725.60, exento 30 × 117.31 = 3,519.30, gravado 1,206.30;
    // 1,206.30 ÷ 365 × 30.4 = 100.47; ISR(9,577.22 + 100.47) 693.95 − ISR(9,577.22) 683.02 = 10.93; 10.93 ÷ 100.47 × 1,206.30 = 131.23.
    expect(byEmployee(list, 'M001')).toMatchObject({
      percepciones: [expect.objectContaining({ tipo: '002', importe_gravado: '1206.30', importe_exento: '3519.30' })],
      isr: '131.23', imss: '0.00', neto: '4594.37', otros_pagos: [],
    });
    // High: 2,000 × 15 = 30,000, gravado 26,480.70; ÷ 365 × 30.4 = 2,205.52; ISR(63,005.52) 12,637.74 − ISR(60,800) 11,976.08 = 661.66;
    // 26,480.70 × 661.66 ÷ 2,205.52 = 7,944.26.
    expect(byEmployee(list, 'M002')).toMatchObject({
      percepciones: [expect.objectContaining({ tipo: '002', importe_gravado: '26480.70', importe_exento: '3519.30' })], isr: '7944.26', neto: '22055.74',
    });

    expect(await stampRun(created.data.id)).toMatchObject({ code: 200, message: '2 recibos timbrados' });
    const xml = await xmlOf(byEmployee(await detailsOf(created.data.id), 'M002').uuid!);
    expect(validateXsd(xml).filter((i) => i.severity === 'error')).toEqual([]);
    expect(attr(xml, 'nomina12:Nomina', 'TipoNomina')).toBe('E');
    expect(attr(xml, 'nomina12:Receptor', 'PeriodicidadPago')).toBe('99');
    expect(attr(xml, 'nomina12:Percepcion', 'TipoPercepcion')).toBe('002');
    expect(attr(xml, 'nomina12:Percepcion', 'ImporteGravado')).toBe('26480.70');
    expect(attr(xml, 'nomina12:Percepcion', 'ImporteExento')).toBe('3519.30');
    expect(attr(xml, 'nomina12:Deducciones', 'TotalImpuestosRetenidos')).toBe('7944.26');
    expect(attr(xml, 'cfdi:Comprobante', 'Total')).toBe('22055.74');
  });

  it('aguinaldo by art. 96 and a PTU whose amount the user edits', async () => {
    const a96 = await call('POST', '/api/crearPrenomina', { ...aguinaldo, metodoIsr: '96', empleados: [ids.min, ids.high] });
    const list = await detailsOf(a96.data.id);
    // 96: ISR(9,577.22 + 1,206.30) 814.26 − 683.02 = 131.24; ISR(60,800 + 26,480.70) 19,920.29 − 11,976.08 = 7,944.21.
    expect(byEmployee(list, 'M001').isr).toBe('131.24');
    expect(byEmployee(list, 'M002').isr).toBe('7944.21');
    expect((await call('GET', `/api/prenomina/${a96.data.id}`)).data).toMatchObject({ tipo_pago: 'aguinaldo', metodo_isr: '96' });

    const ptu = await call('POST', '/api/crearPrenomina', { ...aguinaldo, tipoPago: 'ptu', fechaPago: '2026-05-29', empleados: [ids.high] });
    expect(ptu.status, JSON.stringify(ptu.data)).toBe(201);
    const d = (await detailsOf(ptu.data.id))[0]!;
    expect(d.percepciones[0]).toMatchObject({ tipo: '003', importe_exento: '1759.65' });
    // The PTU each worker gets is the employer's figure: 40,000.00 → exento 15 × 117.31 = 1,759.65, gravado 38,240.35;
    // 96: ISR(60,800 + 38,240.35) 23,448.19 − 11,976.08 = 11,472.11. Whatever split the user types, the engine splits.
    const edited = await call('POST', '/api/prenomina', {
      id: d.id, percepciones: [{ ...d.percepciones[0], importe_gravado: '40000.00', importe_exento: '0' }], deducciones: [], otros_pagos: [],
    });
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    expect(edited.data).toMatchObject({
      percepciones: [expect.objectContaining({ tipo: '003', importe_gravado: '38240.35', importe_exento: '1759.65' })], isr: '11472.11', neto: '28527.89',
    });
  });
});

describe('item 14: a payroll run start to finish', () => {
  let runId = 0;

  it('lists per employee what SAT would refuse and stamps nothing until it is fixed or left out', async () => {
    const created = await call('POST', '/api/crearPrenomina', { ...quincena, empleados: [ids.min, ids.bad] });
    runId = created.data.id;
    const bad = byEmployee(await detailsOf(runId), 'M003');
    const review = await call('GET', `/api/prenomina/${runId}/revision`);
    expect(review.status).toBe(200);
    expect(review.data.problemas).toEqual([{ id: bad.id, no_empleado: 'M003', nombre: expect.any(String), errores: [expect.stringMatching(/^La CURP .* no corresponde al RFC/)] }]);
    const refused = await call('POST', '/api/releasePrenomina', { id: runId });
    expect(refused.status).toBe(422);
    expect(refused.data.message).toMatch(/Un empleado tiene datos que el SAT rechazaría/);
    expect(refused.data.errors[`detalle.${bad.id}`][0]).toMatch(/^M003 /);
    expect((await detailsOf(runId)).every((d) => d.status === 0 && d.uuid === null)).toBe(true);
    await call('POST', '/api/enableDisablePayrollDetail', { id: bad.id });
    expect((await call('GET', `/api/prenomina/${runId}/revision`)).data.problemas).toEqual([]);
    expect(await stampRun(runId)).toMatchObject({ message: '1 recibos timbrados' });
  });

  it('"Reintentar" stamps again the receipts that failed', async () => {
    expect((await call('POST', '/api/prenomina/reintentar', { id: runId })).status).toBe(422);
    const created = await call('POST', '/api/crearPrenomina', { ...quincena, empleados: [ids.high] });
    const [d] = await detailsOf(created.data.id);
    // As the job leaves a receipt the PAC refused.
    await server.runtime.ctx.db.update(prenominaDetalles).set({ status: 3, error: 'CFDI40999: el PAC no respondió' })
      .where(and(eq(prenominaDetalles.id, d!.id)));
    const retried = await call('POST', '/api/prenomina/reintentar', { id: created.data.id });
    expect(retried.status, JSON.stringify(retried.data)).toBe(202);
    expect(await waitFinished(retried.data.processId)).toMatchObject({ code: 200, message: '1 recibos timbrados' });
    expect((await detailsOf(created.data.id))[0]).toMatchObject({ status: 1, error: null });
  });

  it('e-mails each receipt, PDF and XML, to its employee; lists who has no address', async () => {
    const sent = await call('POST', '/api/prenomina/enviar', { id: runId });
    expect(sent.status, JSON.stringify(sent.data)).toBe(200);
    expect(sent.data).toMatchObject({ enviados: 1, sin_correo: [], errores: [] });
    const box = await (await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent(MIN_EMAIL)}`)).json() as { data: { subject: string; attachments: { filename: string; contentType: string }[] }[] };
    expect(box.data[0]!.subject).toMatch(/^Recibo de nómina NOM-\d+ de /);
    expect(box.data[0]!.attachments.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'application/xml']);
    expect((await detailsOf(runId)).find((d) => d.status === 1)).toMatchObject({ emailed_at: expect.any(String) });
  });

  it('cancels a receipt with motivo 02 and issues it again; with 01 stamps the substitute related by 04 first', async () => {
    const stamped = (await detailsOf(runId)).find((d) => d.status === 1)!;
    const old = stamped.uuid!;
    const c02 = await call('POST', '/api/prenomina/cancelar', { id: stamped.id, motivo: '02' });
    expect(c02.status, JSON.stringify(c02.data)).toBe(200);
    expect(c02.data).toMatchObject({ estado: 'cancelada', uuid: old, uuid_sustitucion: null, detalle: { status: 0, uuid: null, uuid_cancelado: old } });
    // Issue it again: a new receipt, not the cancelled one answered from the idempotency store.
    expect(await stampRun(runId)).toMatchObject({ message: '1 recibos timbrados' });
    const again = (await detailsOf(runId)).find((d) => d.id === stamped.id)!;
    expect(again.status).toBe(1);
    expect(again.uuid).not.toBe(old);

    const c01 = await call('POST', '/api/prenomina/cancelar', { id: stamped.id, motivo: '01' });
    expect(c01.status, JSON.stringify(c01.data)).toBe(200);
    expect(c01.data).toMatchObject({ estado: 'cancelada', uuid: again.uuid, detalle: { status: 1, uuid_cancelado: again.uuid } });
    const substitute = c01.data.uuid_sustitucion as string;
    expect(c01.data.detalle.uuid).toBe(substitute);
    const xml = await xmlOf(substitute);
    expect(validateXsd(xml).filter((i) => i.severity === 'error')).toEqual([]);
    expect(attr(xml, 'cfdi:CfdiRelacionados', 'TipoRelacion')).toBe('04');
    expect(attr(xml, 'cfdi:CfdiRelacionado', 'UUID')).toBe(again.uuid);
    const month = await call('GET', '/api/getNomina/11/2026/1?page=1&perPage=50');
    const estados = Object.fromEntries((month.data.facturas.data as { uuid: string; estado: string }[]).map((r) => [r.uuid, r.estado]));
    expect([estados[old], estados[again.uuid!], estados[substitute]]).toEqual([expect.stringMatching(/cancel/i), expect.stringMatching(/cancel/i), expect.not.stringMatching(/cancel/i)]);
    // A detail without a stamped receipt (the disabled one) has nothing to cancel.
    const disabled = (await detailsOf(runId)).find((d) => d.status === 2)!;
    const none = await call('POST', '/api/prenomina/cancelar', { id: disabled.id, motivo: '02' });
    expect(none.status).toBe(422);
    expect(none.data.errors.id[0]).toBe('Este registro no tiene un recibo timbrado que cancelar');
  });
});
