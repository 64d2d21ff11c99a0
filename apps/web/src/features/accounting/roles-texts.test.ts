import { describe, expect, it } from 'vitest';
import { ACCOUNTING_ROLES } from '@facturo/contract';
import texts from './texts.es.json';

describe('rules editor labels', () => {
  it('every role of the rules table has its Spanish label (no internal key on screen)', () => {
    const roles = (texts as { roles: Record<string, string> }).roles;
    for (const rol of ACCOUNTING_ROLES) {
      expect(roles[rol], rol).toMatch(/^[A-ZÁÉÍÓÚ]/);
      expect(roles[rol]).not.toBe(rol);
    }
    expect(Object.keys(roles).sort()).toEqual([...ACCOUNTING_ROLES].sort());
  });
});
