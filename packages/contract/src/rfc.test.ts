import { describe, expect, it } from 'vitest';
import { isValidRfc, personaFromRfc, rfcCheckDigit, rfcProblem } from './rfc';
import { preRegisterSchema } from './auth';
import { bimester, defaultFilterMonth } from './period';

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

describe('pre-registration schema', () => {
  it('uses the spec message for short passwords', () => {
    const r = preRegisterSchema.safeParse({ rfc: 'XOJI740919U48', email: 'a@b.mx', password: 'Ab1!' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('La contraseña es muy corto, quieres ser hackeado?');
  });
  it('requires every character class', () => {
    expect(preRegisterSchema.safeParse({ rfc: 'XOJI740919U48', email: 'a@b.mx', password: 'abcdefgh1!' }).success).toBe(false);
    expect(preRegisterSchema.safeParse({ rfc: 'XOJI740919U48', email: 'a@b.mx', password: 'Abcdefgh1!' }).success).toBe(true);
  });
});

describe('month rules', () => {
  it('bimester', () => {
    expect([1, 2, 3, 4, 11, 12].map(bimester)).toEqual([1, 1, 2, 2, 6, 6]);
    expect(() => bimester(13)).toThrow();
  });
  it('caps the saved month and halves for RIF without a saved month', () => {
    expect(defaultFilterMonth({ saved: 11, current: 5, available: 5 })).toBe(5);
    expect(defaultFilterMonth({ saved: null, current: 9, available: 12, regimen: '13' })).toBe(4);
    expect(defaultFilterMonth({ saved: null, current: 1, available: 12, regimen: '13' })).toBe(1);
    expect(defaultFilterMonth({ saved: null, current: 9, available: 12, regimen: '601' })).toBe(9);
  });
});
