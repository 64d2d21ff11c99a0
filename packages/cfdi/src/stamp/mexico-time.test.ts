import { describe, expect, it } from 'vitest';
import { formatFecha } from '../model/fecha';
import { fromMexicoCityLocal, toMexicoCityLocal } from './mexico-time';

describe('Mexico City wall-clock time', () => {
  it('formats with the offset of the date: UTC−5 in summer 2020 (DST), UTC−6 since 2023', () => {
    expect(toMexicoCityLocal(new Date('2020-07-01T17:00:00Z'))).toBe('2020-07-01T12:00:00');
    expect(toMexicoCityLocal(new Date('2024-07-01T18:00:00Z'))).toBe('2024-07-01T12:00:00');
  });

  it('agrees with formatFecha (one formatter) and with another zone when asked', () => {
    const instant = new Date('2025-01-15T06:30:05Z');
    expect(toMexicoCityLocal(instant)).toBe(formatFecha(instant));
    expect(formatFecha(instant, 'America/Tijuana')).toBe('2025-01-14T22:30:05');
  });

  it('reads a local date back to the same instant, either side of the old DST changes (the repeated fall-back hour is ambiguous)', () => {
    for (const iso of ['2020-04-05T07:59:59Z', '2020-04-05T08:00:00Z', '2020-10-25T08:00:00Z', '2025-06-30T23:59:59Z']) {
      const instant = new Date(iso);
      expect(fromMexicoCityLocal(toMexicoCityLocal(instant))?.toISOString()).toBe(instant.toISOString());
    }
  });

  it('returns undefined for text that is not a CFDI date', () => {
    expect(fromMexicoCityLocal('2025-06-30 12:00:00')).toBeUndefined();
    expect(fromMexicoCityLocal('2025-06-30T12:00:00Z')).toBeUndefined();
  });
});
