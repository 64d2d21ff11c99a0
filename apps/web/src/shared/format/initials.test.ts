import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf (header and profile show the same initials)', () => {
  it('takes the first letter of the first two words', () => {
    expect(initialsOf('Esteban Kuri Sánchez', 'KUSE800101AB1')).toBe('EK');
    expect(initialsOf('  ana   maría ', null)).toBe('AM');
  });
  it('one word gives its first two letters; no name gives the RFC', () => {
    expect(initialsOf('Facturo', 'XAXX010101000')).toBe('FA');
    expect(initialsOf(null, 'kuse800101ab1')).toBe('KU');
    expect(initialsOf('', '')).toBe('?');
  });
});
