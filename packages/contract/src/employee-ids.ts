/**
 * Format and check digits of the identifiers an employee carries: CURP (RENAPO), NSS (IMSS) and
 * CLABE (Banxico). Pure, shared by the API and the web forms.
 */

/** RENAPO's entity codes (born abroad = NE). */
const CURP_ESTADOS =
  'AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE';

/**
 * Official layout: 4 letters of the name (the 2nd a vowel or X), birth date YYMMDD, sex (H, M, or X
 * since 2023's non-binary records), entity, 3 internal consonants, a differentiator (digit before
 * 2000, letter from 2000) and the check digit.
 */
const CURP_RE = new RegExp(
  `^[A-Z][AEIOUX][A-Z]{2}\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])[HMX](${CURP_ESTADOS})[B-DF-HJ-NP-TV-Z]{3}[A-Z\\d]\\d$`,
);
const CURP_CHARSET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** The CURP check digit: Σ value(cᵢ) × (18 − i) over the first 17 characters, then (10 − Σ mod 10) mod 10. */
export function curpCheckDigit(curp: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Math.max(0, CURP_CHARSET.indexOf(curp[i] ?? '0')) * (18 - i);
  return String((10 - (sum % 10)) % 10);
}

export type IdProblem = 'formato' | 'digito';

/** null when the CURP is well formed and its check digit matches. */
export function curpProblem(raw: string): IdProblem | null {
  const curp = raw.trim().toUpperCase();
  if (!CURP_RE.test(curp)) return 'formato';
  return curpCheckDigit(curp) === curp[17] ? null : 'digito';
}

/**
 * The NSS check digit: Luhn over the first 10 digits (subdelegación, year of registration, year of
 * birth, serial) — every second digit doubled, digits of the products added.
 */
export function nssCheckDigit(nss: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(nss[i]) * (i % 2 === 1 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** null when the NSS has 11 digits and its check digit matches. */
export function nssProblem(raw: string): IdProblem | null {
  const nss = raw.trim();
  if (!/^\d{11}$/.test(nss)) return 'formato';
  return nssCheckDigit(nss) === nss[10] ? null : 'digito';
}

const CLABE_WEIGHTS = [3, 7, 1] as const;

/** The CLABE check digit: Σ (dᵢ × 3,7,1… mod 10) over 17 digits, then (10 − Σ mod 10) mod 10. */
export function clabeCheckDigit(clabe: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(clabe[i]) * CLABE_WEIGHTS[i % 3]!) % 10;
  return String((10 - (sum % 10)) % 10);
}

/** null when the CLABE has 18 digits and its check digit matches. */
export function clabeProblem(raw: string): IdProblem | null {
  const clabe = raw.trim();
  if (!/^\d{18}$/.test(clabe)) return 'formato';
  return clabeCheckDigit(clabe) === clabe[17] ? null : 'digito';
}

export const idMessages = {
  curp: {
    formato: 'La CURP no tiene el formato oficial (18 caracteres: 4 letras, fecha, sexo, entidad, 3 consonantes y 2 dígitos)',
    digito: 'El dígito verificador de la CURP no es correcto',
  },
  nss: {
    formato: 'El NSS debe tener 11 dígitos',
    digito: 'El dígito verificador del NSS no es correcto',
  },
  clabe: {
    formato: 'La CLABE debe tener 18 dígitos',
    digito: 'El dígito verificador de la CLABE no es correcto',
  },
} as const satisfies Record<string, Record<IdProblem, string>>;
