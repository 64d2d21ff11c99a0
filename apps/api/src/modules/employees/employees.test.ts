import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@facturo/contract';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { expectIsolated } from '../../../test/isolation';
import { startTestServer, type TestServer } from '../../../test/server';
import { call, employeeBody } from './employee-fixtures.test-support';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
const api = (acc: TestAccount, method: string, path: string, body?: unknown) => call(server.baseUrl, acc.headers, method, path, body);

beforeAll(async () => {
  server = await startTestServer();
  [owner, intruder] = await Promise.all([createAccount(server.baseUrl, { rol: 11 }), createAccount(server.baseUrl, { rol: 11 })]);
}, 60_000);
afterAll(async () => server?.close());

describe('employees CRUD', () => {
  it('creates an employee with its concepts in one request and reads it back', async () => {
    const body = employeeBody({
      salario_base: null,
      percepciones: [{ tipo: '010', clave: 'PUNT', concepto: 'Premio de puntualidad', importe_gravado: '250.5', importe_exento: '0' }],
      deducciones: [{ tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '100' }],
      otrosPagos: [{ tipo: '003', clave: 'VIAT', concepto: 'Viáticos', importe: '300.00' }],
    });
    const created = await api(owner, 'POST', '/api/employees', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      rfc: body.rfc, curp: body.curp, estatus: 1, fecha_baja: null, banco: '002', nombre_completo: 'María José Núñez Ortega',
      periodo_descripcion: 'Quincenal', salario_diario: '500.00',
    });
    // SDI computed with the legal minimum factor when not given: 500 × (1 + (15 + 12 × 0.25) ÷ 365) or more with seniority.
    expect(Number(created.body.salario_base)).toBeGreaterThan(520);
    expect(created.body.percepciones[0]).toMatchObject({ tipo: '010', importe_gravado: '250.50', importe_exento: '0.00' });
    expect(created.body.deducciones[0]).toMatchObject({ tipo: '004', importe: '100.00' });
    expect(created.body.otrosPagos[0]).toMatchObject({ tipo: '003', importe: '300.00', subsidio_causado: null });

    const read = await api(owner, 'GET', `/api/employees/${created.body.id}/edit`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('lists with search (accents ignored), estatus filter and pagination', async () => {
    const a = (await api(owner, 'POST', '/api/employees', employeeBody({ nombre: 'Ángel', apellido_paterno: 'Zúñiga', no_empleado: 'L-1' }))).body;
    await api(owner, 'POST', '/api/employees', employeeBody({ nombre: 'Beatriz', apellido_paterno: 'Zavala', no_empleado: 'L-2' }));
    const found = await api(owner, 'GET', '/api/employees?search=zuniga');
    expect(found.body.data.map((e: any) => e.id)).toEqual([a.id]);
    const byCurp = await api(owner, 'GET', `/api/employees?search=${a.curp.toLowerCase()}`);
    expect(byCurp.body.total).toBe(1);
    const page = await api(owner, 'GET', '/api/employees?page=1&perPage=2');
    expect(page.body).toMatchObject({ current_page: 1, per_page: 2 });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(3);

    await api(owner, 'PUT', `/api/employees/enable/${a.id}`);
    const inactive = await api(owner, 'GET', '/api/employees?estatus=0');
    expect(inactive.body.data.map((e: any) => e.id)).toEqual([a.id]);
    const active = await api(owner, 'GET', '/api/employees?estatus=1');
    expect(active.body.data.map((e: any) => e.id)).not.toContain(a.id);
    expect((await api(owner, 'GET', '/api/employees?estatus=2')).status).toBe(422);
  });

  it('updates data and replaces the concepts; deletes', async () => {
    const created = (await api(owner, 'POST', '/api/employees', employeeBody({
      deducciones: [{ tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '100' }],
    }))).body;
    const updated = await api(owner, 'PUT', `/api/employees/${created.id}`, employeeBody({
      rfc: created.rfc, curp: created.curp, no_empleado: created.no_empleado, puesto: 'Gerente', periodo: '02',
      percepciones: [{ tipo: '001', clave: 'SUELDO', concepto: 'Sueldo', importe_gravado: '3500', importe_exento: '0' }],
    }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, puesto: 'Gerente', periodo: '02', periodo_descripcion: 'Semanal', deducciones: [] });
    expect(updated.body.percepciones).toHaveLength(1);

    expect((await api(owner, 'DELETE', `/api/employees/${created.id}`)).body).toEqual({ message: 'Empleado eliminado' });
    expect((await api(owner, 'GET', `/api/employees/${created.id}/edit`)).status).toBe(404);
  });

  it('gives the form catalogues from the Nómina catalogs', async () => {
    const res = await api(owner, 'GET', '/api/employees/catalogs');
    expect(res.status).toBe(200);
    const keys = ['jornada', 'riesgos', 'tipoPeriodos', 'bancos', 'regimen', 'periodo', 'tipoContrato', 'tipoPercepcion', 'tipoDeduccion', 'tipoOtrosPagos'];
    for (const k of keys) expect(res.body[k].length, k).toBeGreaterThan(0);
    expect(res.body.periodo.find((p: any) => p.clave === '04')?.descripcion).toBe('Quincenal');
    expect(res.body.tipoPeriodos.map((p: any) => p.clave)).not.toContain('99');
    expect(res.body.tipoOtrosPagos.find((p: any) => p.clave === '002')).toBeTruthy();
    expect(res.body.bancos.find((b: any) => b.clave === '002')?.descripcion).toBe('BANAMEX');
  });
});

describe('enable / disable (spec §4)', () => {
  it('dar de baja sets estatus 0 and the fecha de baja; reactivating keeps the fecha', async () => {
    const e = (await api(owner, 'POST', '/api/employees', employeeBody())).body;
    const off = await api(owner, 'PUT', `/api/employees/enable/${e.id}`);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(`Se dio de baja a ${e.nombre_completo}`);
    expect(off.body.employee.estatus).toBe(0);
    expect(off.body.employee.fecha_baja).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const on = await api(owner, 'PUT', `/api/employees/enable/${e.id}`);
    expect(on.body.message).toBe(`Se reactivó a ${e.nombre_completo}`);
    expect(on.body.employee).toMatchObject({ estatus: 1, fecha_baja: off.body.employee.fecha_baja });
  });
});

describe('bad input: Spanish message naming the field, 4xx, nothing stored', () => {
  async function expectRefused(body: unknown, field: string, text: RegExp) {
    const before = (await api(owner, 'GET', '/api/employees?perPage=100')).body.total;
    const res = await api(owner, 'POST', '/api/employees', body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
    expect(res.body.errors[field][0]).toMatch(text);
    expect((await api(owner, 'GET', '/api/employees?perPage=100')).body.total).toBe(before);
  }

  it('malformed CURP', () => expectRefused(employeeBody({ curp: 'XXXX000000XXXXXX00' }), 'curp', /CURP no tiene el formato/));
  it('CURP with a wrong check digit', async () => {
    const b = employeeBody();
    const curp = b.curp.slice(0, 17) + String((Number(b.curp[17]) + 1) % 10);
    await expectRefused({ ...b, curp }, 'curp', /dígito verificador de la CURP/);
  });
  it('NSS with a bad check digit', async () => {
    const b = employeeBody();
    const nss = b.nss!.slice(0, 10) + String((Number(b.nss![10]) + 1) % 10);
    await expectRefused({ ...b, nss }, 'nss', /dígito verificador del NSS/);
  });
  it('RFC of a persona moral', () => expectRefused(employeeBody({ rfc: 'EKU9003173C9' }), 'rfc', /persona física/));
  it('RFC with a wrong check digit', () => expectRefused(employeeBody({ rfc: 'XOJI740919U40' }), 'rfc', /dígito verificador del RFC/));
  it('CLABE with a wrong check digit', () => expectRefused(employeeBody({ cuenta_bancaria: '002010077777777772' }), 'cuenta_bancaria', /CLABE/));
  it('perception over 2,000,000', () => expectRefused(employeeBody({
    percepciones: [{ tipo: '001', clave: 'SUELDO', concepto: 'Sueldo', importe_gravado: '2000000.01', importe_exento: '0' }],
  }), 'percepciones.0.importe_gravado', /no puede ser mayor a 2000000\.00/));
  it('deduction of 0', () => expectRefused(employeeBody({
    deducciones: [{ tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '0' }],
  }), 'deducciones.0.importe', /al menos 0\.01/));
  it('amount sent as a JSON number', () => expectRefused({ ...employeeBody(), salario_diario: 500 }, 'salario_diario', /importe en texto/));
  it('CP not in the catalog', () => expectRefused(employeeBody({ cp: '00000' }), 'cp', /no existe en el catálogo/));
  it('periodicidad not in the catalog', () => expectRefused(employeeBody({ periodo: '55' }), 'periodo', /no existe en el catálogo/));
  it('tipo de percepción not in the catalog', () => expectRefused(employeeBody({
    percepciones: [{ tipo: '999', clave: 'XXX', concepto: 'Inventada', importe_gravado: '1', importe_exento: '0' }],
  }), 'percepciones.0.tipo', /no existe en el catálogo/));
  it('duplicate no_empleado (per tenant)', async () => {
    const first = employeeBody({ no_empleado: 'DUP-1' });
    expect((await api(owner, 'POST', '/api/employees', first)).status).toBe(201);
    await expectRefused(employeeBody({ no_empleado: 'DUP-1' }), 'no_empleado', /Ya tienes un empleado con el número DUP-1/);
    // Another tenant may use the same number.
    expect((await api(intruder, 'POST', '/api/employees', employeeBody({ no_empleado: 'DUP-1' }))).status).toBe(201);
  });
  it('a bad concept in the update leaves the employee and its concepts untouched', async () => {
    const e = (await api(owner, 'POST', '/api/employees', employeeBody({
      deducciones: [{ tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '100' }],
    }))).body;
    const res = await api(owner, 'PUT', `/api/employees/${e.id}`, employeeBody({
      rfc: e.rfc, curp: e.curp, no_empleado: e.no_empleado, puesto: 'Otro',
      deducciones: [{ tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '2000000.01' }],
    }));
    expect(res.status).toBe(422);
    expect((await api(owner, 'GET', `/api/employees/${e.id}/edit`)).body).toEqual(e);
  });
});

describe('plan and tenant isolation', () => {
  it('a free account gets 403 with the locked message', async () => {
    const free = await createAccount(server.baseUrl);
    for (const [method, path] of [['GET', '/api/employees'], ['GET', '/api/employees/catalogs'], ['POST', '/api/employees/preview']] as const) {
      const res = await call(server.baseUrl, free.headers, method, path, method === 'POST' ? employeeBody() : undefined);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(messages.locked);
    }
  });

  it('no endpoint reaches another tenant\'s employee or concepts', async () => {
    const e = (await api(owner, 'POST', '/api/employees', employeeBody({
      percepciones: [{ tipo: '010', clave: 'PUNT', concepto: 'Puntualidad', importe_gravado: '100', importe_exento: '0' }],
      deducciones: [{ tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '100' }],
      otrosPagos: [{ tipo: '003', clave: 'VIAT', concepto: 'Viáticos', importe: '50' }],
    }))).body;
    const [p, d, o] = [e.percepciones[0].id, e.deducciones[0].id, e.otrosPagos[0].id];
    const perc = { tipo: '010', clave: 'PUNT', concepto: 'X', importe_gravado: '1', importe_exento: '0' };
    const ded = { tipo: '004', clave: 'PREST', concepto: 'X', importe: '1' };
    const otro = { tipo: '003', clave: 'VIAT', concepto: 'X', importe: '1' };
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'GET', path: `/api/employees/${e.id}/edit` },
      { method: 'PUT', path: `/api/employees/${e.id}`, body: employeeBody() },
      { method: 'DELETE', path: `/api/employees/${e.id}` },
      { method: 'PUT', path: `/api/employees/enable/${e.id}` },
      { method: 'POST', path: `/api/employees/${e.id}/salary`, body: { salario_diario: '900' } },
      { method: 'GET', path: `/api/employees/calculate/${e.id}` },
      { method: 'GET', path: `/api/employees/preview/${e.id}` },
      { method: 'POST', path: `/api/employees/${e.id}/perceptions`, body: perc },
      { method: 'PUT', path: `/api/employees/${e.id}/perceptions/${p}`, body: perc },
      { method: 'DELETE', path: `/api/employees/${e.id}/perceptions/${p}` },
      { method: 'POST', path: `/api/employees/${e.id}/deductions`, body: ded },
      { method: 'PUT', path: `/api/employees/${e.id}/deductions/${d}`, body: ded },
      { method: 'DELETE', path: `/api/employees/${e.id}/deductions/${d}` },
      { method: 'POST', path: `/api/employees/${e.id}/other-payments`, body: otro },
      { method: 'PUT', path: `/api/employees/${e.id}/other-payments/${o}`, body: otro },
      { method: 'DELETE', path: `/api/employees/${e.id}/other-payments/${o}` },
    ], async () => {
      expect((await api(owner, 'GET', `/api/employees/${e.id}/edit`)).body).toEqual(e);
    });
    // The intruder's own concept ids cannot touch the owner's employee either, and lists never mix tenants.
    const list = await api(intruder, 'GET', `/api/employees?search=${e.rfc}`);
    expect(list.body.total).toBe(0);
    expect(JSON.stringify((await api(intruder, 'GET', '/api/employees?perPage=100')).body)).not.toContain(e.rfc);
  });
});
