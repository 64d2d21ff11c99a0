import { describe, expect, it } from 'vitest';
import { clabeCheckDigit, clabeProblem, curpCheckDigit, curpProblem, nssCheckDigit, nssProblem } from './employee-ids';
import { employeeInputSchema, otroPagoInputSchema, percepcionInputSchema, deduccionInputSchema } from './employees';

describe('CURP', () => {
  it('accepts CURPs published by RENAPO/SAT with their check digit', () => {
    expect(curpProblem('HEGG560427MVZRRL04')).toBeNull();
    expect(curpProblem('MAHJ280603MSPRRV09')).toBeNull();
    expect(curpCheckDigit('HEGG560427MVZRRL0')).toBe('4');
  });
  it('rejects a wrong check digit, a bad entity, date or length', () => {
    expect(curpProblem('HEGG560427MVZRRL05')).toBe('digito');
    expect(curpProblem('HEGG560427MXXRRL04')).toBe('formato');
    expect(curpProblem('HEGG561327MVZRRL04')).toBe('formato');
    expect(curpProblem('HEGG560427MVZRRL0')).toBe('formato');
    expect(curpProblem('hegg560427mvzrrl04')).toBeNull();
  });
});

describe('NSS', () => {
  it('checks the Luhn digit over the first 10 digits', () => {
    expect(nssCheckDigit('1234567890')).toBe('3');
    expect(nssProblem('12345678903')).toBeNull();
    expect(nssProblem('12345678904')).toBe('digito');
    expect(nssProblem('1234567890')).toBe('formato');
    expect(nssProblem('1234567890A')).toBe('formato');
  });
});

describe('CLABE', () => {
  it('accepts Banxico examples and rejects a wrong check digit', () => {
    expect(clabeProblem('002010077777777771')).toBeNull();
    expect(clabeProblem('032180000118359719')).toBeNull();
    expect(clabeCheckDigit('00201007777777777')).toBe('1');
    expect(clabeProblem('002010077777777772')).toBe('digito');
    expect(clabeProblem('00201007777777777')).toBe('formato');
  });
});

describe('concept amounts (§5)', () => {
  const base = { tipo: '001', clave: '001', concepto: 'Sueldo' };
  it('allows 0 in percepciones but not above 2,000,000', () => {
    expect(percepcionInputSchema.safeParse({ ...base, importe_gravado: '0', importe_exento: '0' }).success).toBe(true);
    const over = percepcionInputSchema.safeParse({ ...base, importe_gravado: '2000000.01', importe_exento: '0' });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.path).toEqual(['importe_gravado']);
  });
  it('refuses floats, 0 deductions and the computed ISR deduction', () => {
    expect(percepcionInputSchema.safeParse({ ...base, importe_gravado: 100.5, importe_exento: '0' }).success).toBe(false);
    expect(deduccionInputSchema.safeParse({ ...base, tipo: '004', importe: '0' }).success).toBe(false);
    expect(deduccionInputSchema.safeParse({ ...base, tipo: '004', importe: '0.01' }).success).toBe(true);
    expect(deduccionInputSchema.safeParse({ ...base, tipo: '002', importe: '10' }).success).toBe(false);
  });
  it('normalises amounts to 2 decimals', () => {
    const r = deduccionInputSchema.parse({ ...base, tipo: '004', importe: '2000000' });
    expect(r.importe).toBe('2000000.00');
  });
  it('requires the subsidio causado only for otro pago 002', () => {
    expect(otroPagoInputSchema.safeParse({ ...base, tipo: '002', importe: '0' }).success).toBe(false);
    expect(otroPagoInputSchema.safeParse({ ...base, tipo: '002', importe: '0', subsidio_causado: '120.50' }).success).toBe(true);
    expect(otroPagoInputSchema.safeParse({ ...base, tipo: '003', importe: '0' }).success).toBe(false);
  });
});

describe('employee input', () => {
  const valid = {
    rfc: 'XOJI740919U48', no_empleado: 'E-1', nombre: 'Ana', apellido_paterno: 'López', curp: 'HEGG560427MVZRRL04',
    fecha_inicio: '2024-01-15', tipo_contrato: '01', tipo_regimen: '02', periodo: '04', salario_diario: '500',
    entidad: 'CMX', cp: '06600',
  };
  it('parses a minimal employee', () => {
    const r = employeeInputSchema.parse(valid);
    expect(r.salario_diario).toBe('500.00');
    expect(r.percepciones).toEqual([]);
  });
  it('refuses a persona moral RFC and names the field', () => {
    const r = employeeInputSchema.safeParse({ ...valid, rfc: 'EKU9003173C9' });
    expect(r.error?.issues.map((i) => i.path[0])).toContain('rfc');
  });
  it('refuses an SDI below the salario diario and a banco that is not the CLABE prefix', () => {
    const r = employeeInputSchema.safeParse({ ...valid, salario_base: '400', banco: '012', cuenta_bancaria: '002010077777777771' });
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['banco', 'salario_base']);
  });
});
