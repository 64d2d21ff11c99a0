/**
 * RFC (Registro Federal de Contribuyentes): shape, date and SAT's check digit. Browser-safe: the web
 * forms, the API and the validator all use this one module.
 * Persona física: 4 letters + YYMMDD + 2 homoclave + check digit = 13; persona moral: 3 letters … = 12.
 */
export const RFC_PUBLICO_GENERAL = 'XAXX010101000';
export const RFC_EXTRANJERO = 'XEXX010101000';

const RFC_SHAPE = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/;
const DV_CHARS = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

export type RfcPersona = 'fisica' | 'moral';
export type RfcProblem = 'formato' | 'fecha' | 'digito';

export const normalizeRfc = (value: string): string => value.trim().toUpperCase();

export const isGenericRfc = (rfc: string): boolean => rfc === RFC_PUBLICO_GENERAL || rfc === RFC_EXTRANJERO;

/** 'fisica' (13), 'moral' (12), or undefined when the value does not have an RFC's shape and date. */
export function rfcPersona(rfc: string): RfcPersona | undefined {
  const m = RFC_SHAPE.exec(rfc);
  if (!m || !validDate(m[3]!, m[4]!)) return undefined;
  return rfc.length === 13 ? 'fisica' : 'moral';
}

/** Persona by length alone (for RFCs already validated). */
export const personaFromRfc = (rfc: string): RfcPersona => (normalizeRfc(rfc).length === 12 ? 'moral' : 'fisica');

/**
 * SAT's check digit: módulo 11 over the first 12 characters, a persona moral's RFC padded with a
 * leading space. The last character of the argument is ignored.
 */
export function rfcCheckDigit(rfc: string): string {
  const body = (rfc.length === 12 ? ` ${rfc}` : rfc).slice(0, 12);
  let total = 0;
  for (let i = 0; i < 12; i++) {
    const value = DV_CHARS.indexOf(body[i] ?? ' ');
    total += (value < 0 ? 0 : value) * (13 - i);
  }
  const remainder = total % 11;
  if (remainder === 0) return '0';
  const digit = 11 - remainder;
  return digit === 10 ? 'A' : String(digit);
}

export const rfcCheckDigitMatches = (rfc: string): boolean => rfc.slice(-1) === rfcCheckDigit(rfc);

/** Completes an RFC base (11 or 12 characters, without the check digit) with its check digit. */
export function withCheckDigit(base: string): string {
  const padded = `${normalizeRfc(base)}0`;
  return padded.slice(0, -1) + rfcCheckDigit(padded);
}

function validDate(mm: string, dd: string): boolean {
  const month = Number(mm);
  const day = Number(dd);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/**
 * What is wrong with an RFC a user typed, or null. Generic RFCs are valid. The check digit is
 * enforced for our own users' input; received documents only warn (SAT's test RFCs fail it).
 */
export function rfcProblem(raw: string): RfcProblem | null {
  const rfc = normalizeRfc(raw);
  if (isGenericRfc(rfc)) return null;
  const m = RFC_SHAPE.exec(rfc);
  if (!m) return 'formato';
  if (!validDate(m[3]!, m[4]!)) return 'fecha';
  if (!rfcCheckDigitMatches(rfc)) return 'digito';
  return null;
}

export const isValidRfc = (raw: string): boolean => rfcProblem(raw) === null;

export const rfcMessages: Record<RfcProblem, string> = {
  formato: 'El RFC no tiene un formato válido (12 caracteres persona moral, 13 persona física)',
  fecha: 'El RFC contiene una fecha inválida',
  digito: 'El dígito verificador del RFC no es correcto',
};
