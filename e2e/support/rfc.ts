import { randomInt } from 'node:crypto';
import { rfcCheckDigit, withCheckDigit } from '../../packages/cfdi/src/rfc/index';

// The engine's RFC module has no JSON imports, so Playwright's loader can use it directly
// (the contract package cannot be loaded here: it pulls JSON catalogs).
export { rfcCheckDigit };

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HOMOCLAVE = 'ABCDEFGHIJKLMNPQRSTUVWXYZ123456789';

const pick = (set: string) => set[randomInt(set.length)]!;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A random, well-formed RFC with a correct check digit: persona física (13 chars) by default,
 * persona moral (12) on request. Dates are real calendar dates (day ≤ 28).
 */
export function randomRfc(persona: 'fisica' | 'moral' = 'fisica'): string {
  const letters = Array.from({ length: persona === 'fisica' ? 4 : 3 }, () => pick(LETTERS)).join('');
  const date = `${two(randomInt(60, 100))}${two(randomInt(1, 13))}${two(randomInt(1, 29))}`;
  return withCheckDigit(`${letters}${date}${pick(HOMOCLAVE)}${pick(HOMOCLAVE)}`);
}
