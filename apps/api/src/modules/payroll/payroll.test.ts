import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXsd } from '@facturo/cfdi/validate';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { employeeBody, matchingIds, PAYROLL_EMPLOYER_PROFILE, randomCurp } from '../employees/employee-fixtures.test-support';
import { api, invoicingAccount } from '../invoicing/invoicing-test-kit';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
const ids: number[] = [];

const call = (method: string, path: string, body?: unknown, account = owner) => api(server.baseUrl, account, method, path, body);
/** A person's RFC starts with the first ten characters of their CURP. */

async function waitFinished(processId: string) {
  for (let i = 0; i < 300; i++) {
    const list = await call('GET', '/api/background/process');
    const p = (list.data.data as { id: string; finished: boolean; code: number | null; message: string }[]).find((x) => x.id === processId);
    if (p?.finished) return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the stamping job did not finish');
}

const period = { tipoNomina: 'O', fechaInicialPago: '2026-11-01', fechaFinalPago: '2026-11-15', fechaPago: '2026-11-15', numDiasPagados: '15', periodicidad: '04' };

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  const profile = await call('PUT', '/api/profile', PAYROLL_EMPLOYER_PROFILE);
  expect(profile.status, JSON.stringify(profile.data)).toBe(200);
  for (const over of [
    { ...matchingIds(), no_empleado: 'E001', salario_diario: '500.00', salario_base: '522.60' },
    { ...matchingIds(), no_empleado: 'E002', salario_diario: '278.80', salario_base: '291.42' },
    { ...matchingIds(), no_empleado: 'E003', salario_diario: '900.00', salario_base: '940.68' },
    // A CURP that is not this RFC's: its receipt fails with the reason, the others stamp.
    { rfc: matchingIds().rfc, curp: randomCurp(), no_empleado: 'E004', salario_diario: '400.00', salario_base: '418.08' },
  ]) {
    const res = await call('POST', '/api/employees', employeeBody(over));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    ids.push(res.data.id);
  }
}, 120_000);
afterAll(() => server?.close());

describe('pre-payroll and payroll (issue 10, spec §7.11)', () => {
  let prenominaId = 0;

  it('creates a pre-payroll with one detail per employee: sueldo of the days paid, ISR net of subsidio, IMSS', async () => {
    const created = await call('POST', '/api/crearPrenomina', { ...period, empleados: ids });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    prenominaId = created.data.id;
    const p = await call('GET', `/api/prenomina/${prenominaId}`);
    expect(p.status).toBe(200);
    expect(p.data.detalle_nomina).toHaveLength(4);
    const first = p.data.detalle_nomina[0];
    expect(first.percepciones[0]).toEqual({ tipo: '001', clave: '001', concepto: 'Sueldo', importe_gravado: '7500.00', importe_exento: '0.00' });
    expect(first).toMatchObject({ status: 0, status_text: 'Pendiente de timbrar', uuid: null, total_percepciones: '7500.00' });
    expect(Number(first.isr)).toBeGreaterThan(0);
    expect(Number(first.imss)).toBeGreaterThan(0);
    expect(Number(first.neto)).toBeCloseTo(7500 - Number(first.isr) - Number(first.imss), 2);
    // The lowest salary causes subsidio para el empleo: credited (SubsidioCausado), not paid in cash.
    const low = p.data.detalle_nomina[1];
    const subsidio = low.otros_pagos.find((o: { tipo: string }) => o.tipo === '002');
    expect(subsidio).toMatchObject({ importe: '0.00' });
    expect(Number(subsidio.subsidio_causado)).toBeGreaterThan(0);

    const list = await call('GET', '/api/prenomina?page=1&perPage=10');
    expect(list.data).toMatchObject({ total: 1, current_page: 1, per_page: 10 });
    expect(list.data.data[0]).toMatchObject({ id: prenominaId, empleados: 4, timbrados: 0 });
    expect((await call('GET', '/api/prenomina?timbradas=1')).data.total).toBe(0);
  });

  it('edits one detail\u2019s lines and recomputes its taxes; refuses nonsense naming the field', async () => {
    const p = await call('GET', `/api/prenomina/${prenominaId}`);
    const d = p.data.detalle_nomina[0];
    const edited = await call('POST', '/api/prenomina', {
      id: d.id,
      percepciones: [...d.percepciones, { tipo: '019', clave: '019', concepto: 'Horas extra', importe_gravado: '500', importe_exento: '500' }],
      deducciones: [], otros_pagos: [],
    });
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    expect(edited.data.total_percepciones).toBe('8500.00');
    expect(Number(edited.data.isr)).toBeGreaterThan(Number(d.isr));
    const bad = await call('POST', '/api/prenomina', { id: d.id, percepciones: [{ tipo: '1', clave: 'x', concepto: '', importe_gravado: '-3', importe_exento: '0' }] });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.data)).toContain('El tipo de percepción debe ser una clave de 3 dígitos');
  });

  it('disables and re-enables a detail with the §4 texts', async () => {
    const p = await call('GET', `/api/prenomina/${prenominaId}`);
    const third = p.data.detalle_nomina[2];
    expect((await call('POST', '/api/enableDisablePayrollDetail', { id: third.id })).data).toEqual({ message: 'Registro deshabilitado', status: 2, status_text: 'Timbrado no disponible' });
    expect((await call('POST', '/api/enableDisablePayrollDetail', { id: third.id })).data).toMatchObject({ message: 'Registro habilitado', status: 0 });
    expect((await call('POST', '/api/enableDisablePayrollDetail', { id: third.id })).data.status).toBe(2);
  });

  it('stamps every pending detail in the background: a bad CURP is refused before anything is stamped, disabled ones untouched', async () => {
    // Issue 24 item 14: what SAT would refuse is listed per employee and the run does not start.
    const before = await call('GET', `/api/prenomina/${prenominaId}`);
    const bad = before.data.detalle_nomina[3];
    const refused = await call('POST', '/api/releasePrenomina', { id: prenominaId });
    expect(refused.status, JSON.stringify(refused.data)).toBe(422);
    expect(Object.keys(refused.data.errors)).toEqual([`detalle.${bad.id}`]);
    expect(refused.data.errors[`detalle.${bad.id}`][0]).toMatch(/^E004 .*: La CURP .* no corresponde al RFC/);
    expect((await call('GET', `/api/prenomina/${prenominaId}`)).data.detalle_nomina.map((d: { status: number }) => d.status)).toEqual([0, 0, 2, 0]);
    // Left out of this run, the others stamp.
    expect((await call('POST', '/api/enableDisablePayrollDetail', { id: bad.id })).data.status).toBe(2);
    const released = await call('POST', '/api/releasePrenomina', { id: prenominaId });
    expect(released.status, JSON.stringify(released.data)).toBe(202);
    const done = await waitFinished(released.data.processId);
    expect(done).toMatchObject({ code: 200, message: '2 recibos timbrados' });
    const p = await call('GET', `/api/prenomina/${prenominaId}`);
    const statuses = p.data.detalle_nomina.map((d: { status: number }) => d.status);
    expect(statuses).toEqual([1, 1, 2, 2]);
    expect((await call('GET', '/api/prenomina?timbradas=1')).data.data.map((x: { id: number }) => x.id)).toEqual([prenominaId]);
    const stamped = p.data.detalle_nomina[0];
    expect(stamped).toMatchObject({ status_text: 'Timbrado correctamente', xml: `${stamped.uuid}.xml`, xmlUrl: `/api/incomes/${stamped.uuid}/xml` });
    const xml = await (await fetch(`${server.baseUrl}${stamped.xmlUrl}`, { headers: owner.headers })).text();
    expect(validateXsd(xml).filter((i) => i.severity === 'error')).toEqual([]);
    expect(xml).toContain('TipoDeComprobante="N"');
    expect(xml).toContain('RegistroPatronal="Y5412345105"');
    expect(xml).toContain('TotalPercepciones="8500.00"');
    // The job leaves the PDF for the first download (stamping hundreds of receipts does not wait on drawing them).
    const pdf = await fetch(`${server.baseUrl}${stamped.pdfUrl}`, { headers: owner.headers });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // Releasing again stamps nothing twice: nothing is pending.
    const again = await call('POST', '/api/releasePrenomina', { id: prenominaId });
    expect(again.status).toBe(422);
  });

  it('lists the month\u2019s receipts with their ISR and IMSS and the totals; CSV too', async () => {
    const res = await call('GET', '/api/getNomina/11/2026/1?page=1&perPage=10');
    expect(res.status).toBe(200);
    expect(res.data.facturas.total).toBe(2);
    const p = await call('GET', `/api/prenomina/${prenominaId}`);
    const [a, b] = p.data.detalle_nomina;
    const isr = (Number(a.isr) + Number(b.isr)).toFixed(2);
    const imss = (Number(a.imss) + Number(b.imss)).toFixed(2);
    expect(res.data.calculos).toEqual({ total: (Number(a.neto) + Number(b.neto)).toFixed(2), isr, imss });
    const csv = await fetch(`${server.baseUrl}/api/getNomina/11/2026/1?csv=true`, { headers: owner.headers });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(3);
    expect((await call('GET', '/api/getNomina/11/2026/2')).data.facturas.total).toBe(0);
  });

  it('refuses to delete a pre-payroll with stamped receipts; deletes an unstamped one', async () => {
    expect((await call('DELETE', `/api/prenomina/${prenominaId}`)).status).toBe(409);
    const other = await call('POST', '/api/crearPrenomina', { ...period, empleados: [ids[0]] });
    expect((await call('DELETE', `/api/prenomina/${other.data.id}`)).status).toBe(200);
    expect((await call('GET', `/api/prenomina/${other.data.id}`)).status).toBe(404);
  });

  it('another account reaches none of it', async () => {
    const p = await call('GET', `/api/prenomina/${prenominaId}`);
    const detail = p.data.detalle_nomina[2].id;
    expect((await call('GET', `/api/prenomina/${prenominaId}`, undefined, intruder)).status).toBe(404);
    expect((await call('GET', '/api/prenomina', undefined, intruder)).data.total).toBe(0);
    expect((await call('POST', '/api/enableDisablePayrollDetail', { id: detail }, intruder)).status).toBe(404);
    expect((await call('POST', '/api/prenomina', { id: detail, percepciones: p.data.detalle_nomina[2].percepciones }, intruder)).status).toBe(404);
    expect((await call('POST', '/api/releasePrenomina', { id: prenominaId }, intruder)).status).toBe(404);
    expect((await call('DELETE', `/api/prenomina/${prenominaId}`, undefined, intruder)).status).toBe(404);
    expect((await call('POST', '/api/crearPrenomina', { ...period, empleados: ids }, intruder)).status).toBe(422);
    expect((await call('GET', '/api/getNomina/11/2026/1', undefined, intruder)).data.facturas.total).toBe(0);
  });
});
