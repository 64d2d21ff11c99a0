import { describe, expect, it } from 'vitest';
import { isValidRfc, personaFromRfc, rfcCheckDigit, rfcProblem, withCheckDigit } from '.';

describe('RFC', () => {
  it('accepts SAT test RFCs with a correct check digit', () => {
    expect(isValidRfc('EKU9003173C9')).toBe(true);
    expect(isValidRfc('XOJI740919U48')).toBe(true);
    expect(isValidRfc('xoji740919u48')).toBe(true);
  });
  it('rejects a wrong check digit, bad dates and bad formats', () => {
    expect(rfcProblem('XOJI740919U40')).toBe('digito');
    expect(rfcProblem('XOJI741319U48')).toBe('fecha');
    expect(rfcProblem('XOJI74091')).toBe('formato');
    expect(rfcProblem('1234567890123')).toBe('formato');
  });
  it('allows the generic RFCs and tells persona from length', () => {
    expect(isValidRfc('XAXX010101000')).toBe(true);
    expect(isValidRfc('XEXX010101000')).toBe(true);
    expect(personaFromRfc('EKU9003173C9')).toBe('moral');
    expect(personaFromRfc('XOJI740919U48')).toBe('fisica');
    expect(rfcCheckDigit('EKU9003173C9')).toBe('9');
  });
});

it('completes a base with its check digit', () => {
  expect(withCheckDigit('EKU9003173C')).toBe('EKU9003173C9');
  expect(withCheckDigit('XOJI740919U4')).toBe('XOJI740919U48');
});
