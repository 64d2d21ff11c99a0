import { describe, expect, it } from 'vitest';
import { passwordSchema } from '@facturo/contract';
import { passwordChecks } from './password-checks';

describe('password rules (§5)', () => {
  it('ticks each rule independently', () => {
    expect(passwordChecks('')).toEqual({ length: false, upper: false, lower: false, digit: false, special: false });
    expect(passwordChecks('abcdefgh')).toEqual({ length: true, upper: false, lower: true, digit: false, special: false });
    expect(passwordChecks('Abcdef1!')).toEqual({ length: true, upper: true, lower: true, digit: true, special: true });
  });
  it('enforces 8 to 30 characters', () => {
    expect(passwordChecks('Ab1!xyz').length).toBe(false);
    expect(passwordChecks(`Ab1!${'x'.repeat(26)}`).length).toBe(true);
    expect(passwordChecks(`Ab1!${'x'.repeat(27)}`).length).toBe(false);
  });
  it('the submit schema gives the exact short-password message', () => {
    const r = passwordSchema('La contraseña').safeParse('Ab1!');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('La contraseña es muy corto, quieres ser hackeado?');
  });
  it('agrees with the schema on what is valid', () => {
    for (const p of ['Abcdef1!', 'Ñandú#2024', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1']) {
      const all = Object.values(passwordChecks(p)).every(Boolean);
      expect(passwordSchema().safeParse(p).success).toBe(all);
    }
  });
});
