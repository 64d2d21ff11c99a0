import { withCheckDigit } from '@facturo/contract';
import { randomInt } from 'node:crypto';
import { curpCheckDigit, nssCheckDigit, type EmployeeInput } from '@facturo/contract';
import { randomRfc } from '../../../test/accounts';

const pick = (s: string) => s[randomInt(s.length)]!;

/** A random CURP in the official layout with its check digit. */
export function randomCurp(): string {
  const base = `${pick('BCDFGHJKLMNPRSTVZ')}${pick('AEIOU')}${pick('BCDFGHJKLMNPRSTVZ')}${pick('BCDFGHJKLMNPRSTVZ')}`
    + `${randomInt(60, 99)}${String(randomInt(1, 13)).padStart(2, '0')}${String(randomInt(1, 29)).padStart(2, '0')}`
    + `${pick('HM')}DF${pick('BCDFGHJKLMNPRSTVZ')}${pick('BCDFGHJKLMNPRSTVZ')}${pick('BCDFGHJKLMNPRSTVZ')}${randomInt(10)}`;
  return base + curpCheckDigit(base);
}

/** A random NSS with its IMSS (Luhn) check digit. */
export function randomNss(): string {
  const base = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return base + nssCheckDigit(base);
}

/** A complete, valid employee body; override what a test is about. */
export function employeeBody(over: Partial<EmployeeInput> = {}): EmployeeInput {
  return {
    rfc: randomRfc('fisica'),
    no_empleado: `E${randomInt(1e6)}`,
    nombre: 'María José',
    apellido_paterno: 'Núñez',
    apellido_materno: 'Ortega',
    curp: randomCurp(),
    nss: randomNss(),
    puesto: 'Contadora',
    departamento: 'Administración',
    fecha_inicio: '2024-02-01',
    tipo_contrato: '01',
    tipo_jornada: '01',
    tipo_regimen: '02',
    periodo: '04',
    riesgo_puesto: '1',
    banco: null,
    cuenta_bancaria: '002010077777777771',
    salario_diario: '500.00',
    salario_base: '522.60',
    entidad: 'CMX',
    sindicalizado: false,
    cp: '06600',
    percepciones: [],
    deducciones: [],
    otrosPagos: [],
    ...over,
  };
}

// The employees tests import the shared helper from here with their fixtures.
export { callApi as call } from '../../../test/http';

/** A CURP and an RFC of the same person (the RFC's first ten characters are the CURP's), as SAT checks on a receipt. */
export const matchingIds = () => {
  const curp = randomCurp();
  return { curp, rfc: withCheckDigit(`${curp.slice(0, 10)}A1`) };
};

/** The employer profile (PUT /api/profile) the payroll tests stamp as: a persona moral with its IMSS registro patronal. */
export const PAYROLL_EMPLOYER_PROFILE = {
  fullName: 'Comercializadora Ñandú SA de CV', regimen: '601', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City',
  registroPatronal: 'Y5412345105',
} as const;
