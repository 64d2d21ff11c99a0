import { describe, expect, it } from 'vitest';
import { employeeInputSchema, type Employee } from '@facturo/contract';
import { employeeToForm, emptyEmployeeForm, formToInput } from './employee-form';
import { rowToBody } from './concept-kinds';

const stored: Employee = {
  id: 7, rfc: 'XOJI740919U48', no_empleado: 'E-7', nombre: 'Ana', apellido_paterno: 'López', apellido_materno: null,
  nombre_completo: 'Ana López', curp: 'HEGG560427MVZRRL04', nss: null, puesto: null, departamento: null, fecha_inicio: '2024-01-15',
  tipo_contrato: '01', tipo_jornada: null, tipo_regimen: '02', periodo: '04', periodo_descripcion: 'Quincenal', riesgo_puesto: '1',
  banco: '002', cuenta_bancaria: '002010077777777771', salario_diario: '500.00', salario_base: '522.60', entidad: 'CMX',
  sindicalizado: false, cp: '06600', email: null, estatus: 1, fecha_baja: null,
  percepciones: [{ id: 1, tipo: '001', tipo_descripcion: 'Sueldos', clave: 'SUELDO', concepto: 'Sueldo', importe_gravado: '7500.00', importe_exento: '0.00' }],
  deducciones: [],
  otrosPagos: [{ id: 2, tipo: '002', tipo_descripcion: 'Subsidio', clave: 'SUBS', concepto: 'Subsidio', importe: '0.00', subsidio_causado: '12.50' }],
  created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
};

describe('employee form model', () => {
  it('round-trips a stored employee into an API body the contract accepts', () => {
    const body = formToInput(employeeToForm(stored));
    const parsed = employeeInputSchema.parse(body);
    expect(parsed).toMatchObject({
      rfc: stored.rfc, apellido_materno: null, nss: null, tipo_jornada: null, salario_base: '522.60',
      percepciones: [{ tipo: '001', clave: 'SUELDO', importe_gravado: '7500.00' }],
      otrosPagos: [{ tipo: '002', subsidio_causado: '12.50' }],
    });
  });

  it('sends blanks as null (SDI computed by the API) and never numbers for amounts', () => {
    const body = formToInput({ ...emptyEmployeeForm(), salario_diario: ' 450.5 ', nss: '  ', rfc: ' xoji740919u48 ' });
    expect(body).toMatchObject({ salario_base: null, nss: null, salario_diario: '450.5', rfc: 'XOJI740919U48' });
  });

  it('a blank subsidio causado of an otro pago becomes null', () => {
    expect(rowToBody('otrosPagos', { tipo: '003', clave: 'VIAT', concepto: 'Viáticos', importe: '10', subsidio_causado: ' ' }))
      .toMatchObject({ subsidio_causado: null });
    expect(rowToBody('deducciones', { tipo: '004', clave: 'P', concepto: 'P', importe: '1' })).not.toHaveProperty('subsidio_causado');
  });
});
