import { randomInt } from 'node:crypto';

// Playwright's loader cannot import the contract (it pulls JSON catalogs without import
// attributes), so the SAT check-digit algorithm lives here too; the test below compares it
// against SAT's own test RFCs.
const CHARSET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HOMOCLAVE = 'ABCDEFGHIJKLMNPQRSTUVWXYZ123456789';

/** SAT check digit of an RFC (12 or 13 chars; the last char is ignored). */
export function rfcCheckDigit(rfc: string): string {
  const base = rfc.length === 12 ? ` ${rfc.slice(0, 11)}` : rfc.slice(0, 12);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Math.max(0, CHARSET.indexOf(base[i]!)) * (13 - i);
  const mod = sum % 11;
  if (mod === 0) return '0';
  return mod === 1 ? 'A' : String(11 - mod);
}

const pick = (set: string) => set[randomInt(set.length)]!;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A random, well-formed RFC with a correct check digit: persona física (13 chars) by default,
 * persona moral (12) on request. Dates are real calendar dates (day ≤ 28).
 */
export function randomRfc(persona: 'fisica' | 'moral' = 'fisica'): string {
  const letters = Array.from({ length: persona === 'fisica' ? 4 : 3 }, () => pick(LETTERS)).join('');
  const date = `${two(randomInt(60, 100))}${two(randomInt(1, 13))}${two(randomInt(1, 29))}`;
  const base = `${letters}${date}${pick(HOMOCLAVE)}${pick(HOMOCLAVE)}`;
  return base + rfcCheckDigit(`${base}0`);
}
