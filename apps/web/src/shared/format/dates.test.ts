import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './dates';

describe('es-MX dates', () => {
  it('a calendar day keeps its day whatever the time zone', () => {
    expect(formatDay('2026-01-01')).toBe('01/01/2026');
    expect(formatDay('2025-12-31')).toBe('31/12/2025');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('Mensual')).toBe('Mensual');
  });
  it('instants read day first with Spanish month names', () => {
    expect(formatDate('2026-03-15T18:00:00Z')).toBe('15/03/2026');
    expect(formatDate('2026-03-15T18:00:00Z', 'long')).toBe('15 de marzo de 2026');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('2026-03-15T18:00:00Z')).toMatch(/^15\/3\/2026/);
  });
});
