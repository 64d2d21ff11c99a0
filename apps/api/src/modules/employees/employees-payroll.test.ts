import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeePayrollPreview, integratedDailySalary, PRIMA_MEDIA_POR_CLASE } from '@facturo/cfdi/payroll';
import { Decimal } from '@facturo/cfdi/money';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/server';
import { call, employeeBody } from './employee-fixtures.test-support';

let server: TestServer;
let owner: TestAccount;
const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, owner.headers, method, path, body);

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rol: 11 });
}, 60_000);
afterAll(async () => server?.close());

describe('GET /api/employees/calculate/{employeeId}', () => {
  it('a quincenal salary of 500 a day: ISR and IMSS equal the engine figures for the payment date\'s year', async () => {
    const e = (await api('POST', '/api/employees', employeeBody({
      salario_diario: '500', salario_base: '522.60', periodo: '04', riesgo_puesto: '2',
      percepciones: [{ tipo: '010', clave: 'PUNT', concepto: 'Premio de puntualidad', importe_gravado: '750', importe_exento: '0' }],
      deducciones: [{ tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '200' }],
      otrosPagos: [{ tipo: '003', clave: 'VIAT', concepto: 'Viáticos', importe: '300' }],
    }))).body;
    const res = await api('GET', `/api/employees/calculate/${e.id}?fecha=2026-03-13`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const engine = employeePayrollPreview({
      salarioDiario: '500', sdi: '522.60', periodType: 'quincenal', days: '15', paymentDate: '2026-03-13',
      primaRiesgo: PRIMA_MEDIA_POR_CLASE.II,
      percepciones: [{ tipo: '001', gravado: '7500.00', exento: '0' }, { tipo: '010', gravado: '750.00', exento: '0.00' }],
      deducciones: [{ tipo: '004', importe: '200.00' }],
      otrosPagos: [{ tipo: '003', importe: '300.00' }],
    });
    expect(res.body).toMatchObject({
      employee_id: e.id, fecha: '2026-03-13', year: 2026, periodo: '04', dias: '15', prima_riesgo: '1.13065',
      total_percepciones: '8250.00', total_gravado: '8250.00', total_otros_pagos: '300.00', otras_deducciones: '200.00',
      isr: engine.isr, subsidio: engine.subsidio, imss_obrero: engine.imssObrero, imss_patronal: engine.imssPatronal,
      infonavit: engine.infonavit, total_deducciones: engine.totalDeducciones, neto: engine.neto,
    });
    // Independent sanity: ISR of 8,250 a quincena is in the 10.88 % band, and the net adds up.
    expect(Number(res.body.isr)).toBeGreaterThan(500);
    expect(Number(res.body.isr)).toBeLessThan(1000);
    expect(new Decimal(res.body.total_percepciones).plus(res.body.total_otros_pagos).minus(res.body.total_deducciones).toFixed(2)).toBe(res.body.neto);
    expect(res.body.imss_conceptos.length).toBeGreaterThan(5);
  });

  it('uses the year of the payment date (2025 tables differ from 2026)', async () => {
    const e = (await api('POST', '/api/employees', employeeBody({ salario_diario: '400', salario_base: '418.08', periodo: '05' }))).body;
    const y25 = (await api('GET', `/api/employees/calculate/${e.id}?fecha=2025-06-30`)).body;
    const y26 = (await api('GET', `/api/employees/calculate/${e.id}?fecha=2026-06-30`)).body;
    expect(y25.year).toBe(2025);
    const engine25 = employeePayrollPreview({ salarioDiario: '400', sdi: '418.08', periodType: 'mensual', days: '30.4', paymentDate: '2025-06-30', primaRiesgo: PRIMA_MEDIA_POR_CLASE.I });
    expect(y25.isr).toBe(engine25.isr);
    expect(y25.subsidio).toBe(engine25.subsidio);
    expect(y26.imss_obrero).not.toBe(y25.imss_obrero);
  });

  it('refuses a periodicity without an ISR tariff and a year without tables, naming the field', async () => {
    const e = (await api('POST', '/api/employees', employeeBody({ periodo: '99' }))).body;
    const res = await api('GET', `/api/employees/calculate/${e.id}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['periodo']);
    const ok = (await api('POST', '/api/employees', employeeBody())).body;
    const old = await api('GET', `/api/employees/calculate/${ok.id}?fecha=2019-01-15`);
    expect(old.status).toBe(422);
    expect(Object.keys(old.body.errors)).toEqual(['fecha']);
    expect(old.body.message).toMatch(/No hay/);
    expect((await api('GET', `/api/employees/calculate/${ok.id}?fecha=2026-02-30`)).status).toBe(422);
  });
});

describe('preview', () => {
  it('GET preview/{id} gives the employee and the same calculation', async () => {
    const e = (await api('POST', '/api/employees', employeeBody())).body;
    const preview = await api('GET', `/api/employees/preview/${e.id}?fecha=2026-04-15`);
    const calc = await api('GET', `/api/employees/calculate/${e.id}?fecha=2026-04-15`);
    expect(preview.status).toBe(200);
    expect(preview.body.employee).toEqual(e);
    expect(preview.body.calculo).toEqual(calc.body);
  });

  it('POST preview calculates unsaved data and stores nothing', async () => {
    const before = (await api('GET', '/api/employees')).body.total;
    const body = employeeBody({ salario_diario: '300', salario_base: null, periodo: '02' });
    const res = await api('POST', '/api/employees/preview?fecha=2026-05-08', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.calculo).toMatchObject({ employee_id: null, dias: '7', total_percepciones: '2100.00' });
    expect((await api('GET', '/api/employees')).body.total).toBe(before);
    const bad = await api('POST', '/api/employees/preview', { ...body, curp: 'MAL' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toContain('curp');
  });
});

describe('POST /api/employees/{id}/salary', () => {
  it('computes the SDI with the engine when not given, and stores a given one', async () => {
    const e = (await api('POST', '/api/employees', employeeBody({ fecha_inicio: '2020-01-10' }))).body;
    const res = await api('POST', `/api/employees/${e.id}/salary`, { salario_diario: '800' });
    expect(res.status).toBe(200);
    const years = new Date().getUTCFullYear() - 2020 - (new Date().toISOString().slice(5, 10) < '01-10' ? 1 : 0);
    const engine = integratedDailySalary({ salarioDiario: '800', aniosCumplidos: years });
    expect(res.body).toMatchObject({ calculado: true, factor: engine.factor });
    expect(res.body.employee).toMatchObject({ salario_diario: '800.00', salario_base: engine.sdi });

    const given = await api('POST', `/api/employees/${e.id}/salary`, { salario_diario: '800', salario_base: '900.50' });
    expect(given.body).toMatchObject({ calculado: false, factor: null });
    expect(given.body.employee.salario_base).toBe('900.50');
  });

  it('refuses an SDI below the salary, a short aguinaldo and over-limit amounts; nothing changes', async () => {
    const e = (await api('POST', '/api/employees', employeeBody())).body;
    const low = await api('POST', `/api/employees/${e.id}/salary`, { salario_diario: '800', salario_base: '700' });
    expect(low.status).toBe(422);
    expect(Object.keys(low.body.errors)).toEqual(['salario_base']);
    const aguinaldo = await api('POST', `/api/employees/${e.id}/salary`, { salario_diario: '800', aguinaldo_dias: 10 });
    expect(aguinaldo.status).toBe(422);
    expect(Object.keys(aguinaldo.body.errors)).toEqual(['aguinaldo_dias']);
    const over = await api('POST', `/api/employees/${e.id}/salary`, { salario_diario: '2000000.01' });
    expect(over.status).toBe(422);
    expect((await api('GET', `/api/employees/${e.id}/edit`)).body).toEqual(e);
  });
});

describe('perceptions, deductions and other payments', () => {
  it('adds, edits and removes each kind', async () => {
    const e = (await api('POST', '/api/employees', employeeBody())).body;
    const added = await api('POST', `/api/employees/${e.id}/perceptions`, { tipo: '002', clave: 'AGUI', concepto: 'Aguinaldo', importe_gravado: '1000', importe_exento: '3394.20' });
    expect(added.status).toBe(201);
    const p = added.body.percepciones[0];
    expect(p).toMatchObject({ tipo: '002', tipo_descripcion: 'Gratificación Anual (Aguinaldo)', importe_exento: '3394.20' });
    const edited = await api('PUT', `/api/employees/${e.id}/perceptions/${p.id}`, { tipo: '002', clave: 'AGUI', concepto: 'Aguinaldo 2026', importe_gravado: '0', importe_exento: '0' });
    expect(edited.status).toBe(200);
    expect(edited.body.percepciones[0]).toMatchObject({ id: p.id, concepto: 'Aguinaldo 2026', importe_gravado: '0.00' });

    const d = (await api('POST', `/api/employees/${e.id}/deductions`, { tipo: '006', clave: 'FALTA', concepto: 'Descuento por incapacidad', importe: '150.25' })).body.deducciones[0];
    expect(d).toMatchObject({ tipo: '006', importe: '150.25' });
    const o = (await api('POST', `/api/employees/${e.id}/other-payments`, { tipo: '002', clave: 'SUBS', concepto: 'Subsidio', importe: '0', subsidio_causado: '123.34' })).body.otrosPagos[0];
    expect(o).toMatchObject({ tipo: '002', importe: '0.00', subsidio_causado: '123.34' });
    expect((await api('PUT', `/api/employees/${e.id}/deductions/${d.id}`, { tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '99' })).body.deducciones[0].importe).toBe('99.00');

    expect((await api('DELETE', `/api/employees/${e.id}/perceptions/${p.id}`)).body.percepciones).toEqual([]);
    expect((await api('DELETE', `/api/employees/${e.id}/deductions/${d.id}`)).body.deducciones).toEqual([]);
    const last = await api('DELETE', `/api/employees/${e.id}/other-payments/${o.id}`);
    expect(last.body.otrosPagos).toEqual([]);
    // A concept id of one kind is not reachable through another kind's path.
    const again = (await api('POST', `/api/employees/${e.id}/deductions`, { tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '5' })).body.deducciones[0];
    expect((await api('DELETE', `/api/employees/${e.id}/perceptions/${again.id}`)).status).toBe(404);
  });

  it('enforces the §5 limits and the catalog on each kind; nothing stored', async () => {
    const e = (await api('POST', '/api/employees', employeeBody())).body;
    const cases: [string, unknown, string][] = [
      ['perceptions', { tipo: '001', clave: 'SUELDO', concepto: 'Sueldo', importe_gravado: '2000000.01', importe_exento: '0' }, 'importe_gravado'],
      ['perceptions', { tipo: '001', clave: 'SUELDO', concepto: 'Sueldo', importe_gravado: '-1', importe_exento: '0' }, 'importe_gravado'],
      ['perceptions', { tipo: '777', clave: 'SUELDO', concepto: 'Sueldo', importe_gravado: '1', importe_exento: '0' }, 'tipo'],
      ['deductions', { tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '0' }, 'importe'],
      ['deductions', { tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '2000000.01' }, 'importe'],
      ['deductions', { tipo: '002', clave: 'ISR', concepto: 'ISR', importe: '10' }, 'tipo'],
      ['other-payments', { tipo: '003', clave: 'VIAT', concepto: 'Viáticos', importe: '0' }, 'importe'],
      ['other-payments', { tipo: '002', clave: 'SUBS', concepto: 'Subsidio', importe: '0' }, 'subsidio_causado'],
    ];
    for (const [path, body, field] of cases) {
      const res = await api('POST', `/api/employees/${e.id}/${path}`, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(res.body)).toContain(field);
    }
    expect((await api('GET', `/api/employees/${e.id}/edit`)).body).toEqual(e);
  });
});
