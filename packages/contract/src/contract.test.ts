import { describe, expect, it } from 'vitest';
import { preRegisterSchema } from './auth';
import { bimester, defaultFilterMonth } from './period';

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
