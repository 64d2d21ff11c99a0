import { describe, expect, it } from 'vitest';
import { parseDayFirst } from './parse-day';

describe('parseDayFirst', () => {
  it('reads the day before the month', () => {
    expect(parseDayFirst('01/02/2024')).toBe('2024-02-01');
    expect(parseDayFirst('15/01/2026')).toBe('2026-01-15');
    expect(parseDayFirst(' 1/2/2024 ')).toBe('2024-02-01');
    expect(parseDayFirst('15-01-2026')).toBe('2026-01-15');
    expect(parseDayFirst('15.01.2026')).toBe('2026-01-15');
  });
  it('accepts a pasted ISO day', () => {
    expect(parseDayFirst('2026-01-15')).toBe('2026-01-15');
  });
  it('rejects days that are not in the calendar', () => {
    expect(parseDayFirst('31/02/2026')).toBeNull();
    expect(parseDayFirst('29/02/2025')).toBeNull();
    expect(parseDayFirst('29/02/2024')).toBe('2024-02-29');
    expect(parseDayFirst('29/02/1900')).toBeNull();
    expect(parseDayFirst('29/02/2000')).toBe('2000-02-29');
    expect(parseDayFirst('31/04/2026')).toBeNull();
    expect(parseDayFirst('00/01/2026')).toBeNull();
    expect(parseDayFirst('12/13/2026')).toBeNull();
    expect(parseDayFirst('2026-02-30')).toBeNull();
  });
  it('rejects text that is not a date', () => {
    expect(parseDayFirst('')).toBeNull();
    expect(parseDayFirst('mañana')).toBeNull();
    expect(parseDayFirst('15/01/26')).toBeNull();
    expect(parseDayFirst('15/01/2026 10:00')).toBeNull();
  });
});
