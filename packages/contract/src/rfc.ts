/**
 * RFC format and check digit (SAT algorithm, Anexo 20 / "Algoritmo para generar el dígito verificador").
 * Persona física: 4 letters + 6-digit date + 3 homoclave = 13; persona moral: 3 letters + date + 3 = 12.
 */
const RFC_RE = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/;
const CHARSET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

export const RFC_PUBLICO_GENERAL = 'XAXX010101000';
export const RFC_EXTRANJERO = 'XEXX010101000';

export type Persona = 'fisica' | 'moral';

export function normalizeRfc(value: string): string {
  return value.trim().toUpperCase();
}

/** The expected check digit of a complete RFC (12 or 13 characters; the last one is ignored). */
export function rfcCheckDigit(rfc: string): string {
  const base = rfc.length === 12 ? ` ${rfc.slice(0, 11)}` : rfc.slice(0, 12);
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const v = CHARSET.indexOf(base[i]!);
    sum += (v < 0 ? 0 : v) * (13 - i);
  }
  const mod = sum % 11;
  if (mod === 0) return '0';
  const d = 11 - mod;
  return d === 10 ? 'A' : String(d);
}

export type RfcProblem = 'formato' | 'fecha' | 'digito';

/** Returns null when valid, else what is wrong. Generic RFCs (público en general, extranjero) are valid. */
export function rfcProblem(raw: string): RfcProblem | null {
  const rfc = normalizeRfc(raw);
  if (rfc === RFC_PUBLICO_GENERAL || rfc === RFC_EXTRANJERO) return null;
  const m = RFC_RE.exec(rfc);
  if (!m || (rfc.length !== 12 && rfc.length !== 13)) return 'formato';
  const month = Number(m[3]);
  const day = Number(m[4]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return 'fecha';
  if (rfcCheckDigit(rfc) !== rfc.slice(-1)) return 'digito';
  return null;
}

export function isValidRfc(raw: string): boolean {
  return rfcProblem(raw) === null;
}

export function personaFromRfc(rfc: string): Persona {
  return normalizeRfc(rfc).length === 12 ? 'moral' : 'fisica';
}

export const rfcMessages: Record<RfcProblem, string> = {
  formato: 'El RFC no tiene un formato válido (12 caracteres persona moral, 13 persona física)',
  fecha: 'El RFC contiene una fecha inválida',
  digito: 'El dígito verificador del RFC no es correcto',
};

/** Completes an RFC base (11 or 12 characters, without the check digit) with its check digit. */
export function withCheckDigit(base: string): string {
  const padded = `${normalizeRfc(base)}0`;
  return padded.slice(0, -1) + rfcCheckDigit(padded);
}
