/** RFC genérico nacional (público en general). */
export const RFC_PUBLICO_GENERAL = 'XAXX010101000';
/** RFC genérico extranjero. */
export const RFC_EXTRANJERO = 'XEXX010101000';

const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])([A-Z\d]{2})([A\d])$/;
const DV_CHARS = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

export const isGenericRfc = (rfc: string): boolean => rfc === RFC_PUBLICO_GENERAL || rfc === RFC_EXTRANJERO;

/** 'fisica' (13 characters), 'moral' (12) or undefined when the RFC does not have an RFC's shape. */
export function rfcPersona(rfc: string): 'fisica' | 'moral' | undefined {
  if (!RFC_PATTERN.test(rfc)) return undefined;
  return rfc.length === 13 ? 'fisica' : 'moral';
}

/**
 * The check digit SAT's algorithm gives for an RFC (módulo 11 over the first 12 characters, a
 * persona moral's 12-character RFC padded with a leading space). Used only to warn: SAT's own test
 * RFCs (e.g. MCI7306249Y1) fail it and SAT stamps them.
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

/** True when the last character matches the computed check digit. */
export const rfcCheckDigitMatches = (rfc: string): boolean => rfc.slice(-1) === rfcCheckDigit(rfc);
