import { beforeEach, describe, expect, it } from 'vitest';
import { readPerPage, savePerPage } from './per-page';

beforeEach(() => localStorage.clear());

describe('page size per screen (§9 perPages)', () => {
  it('defaults to 10 and remembers each screen separately', () => {
    expect(readPerPage('incomes')).toBe(10);
    savePerPage('incomes', 50);
    savePerPage('clients', 20);
    expect(readPerPage('incomes')).toBe(50);
    expect(readPerPage('clients')).toBe(20);
    expect(JSON.parse(localStorage.getItem('perPages')!)).toEqual({ incomes: 50, clients: 20 });
  });
  it('accepts only 10, 20 or 50', () => {
    savePerPage('incomes', 30);
    expect(readPerPage('incomes')).toBe(10);
    localStorage.setItem('perPages', JSON.stringify({ incomes: 1000 }));
    expect(readPerPage('incomes')).toBe(10);
    localStorage.setItem('perPages', 'not json');
    expect(readPerPage('incomes')).toBe(10);
  });
});
