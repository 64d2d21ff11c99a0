import { describe, expect, it } from 'vitest';
import { dayMx, expiryWarning } from './credential-check';

describe('credential messages (issue 18: dates as the app shows them, Spanish gender)', () => {
  it('dates are dd/mm/aaaa in Mexico City, never ISO', () => {
    expect(dayMx(new Date('2027-05-18T11:43:51Z'))).toBe('18/05/2027');
    // 03:00 UTC is still the evening before in Mexico City.
    expect(dayMx(new Date('2027-05-18T03:00:00Z'))).toBe('17/05/2027');
  });
  it('an expired e.firma asks for "una" vigente, a CSD for "uno"', () => {
    const past = new Date(Date.now() - 3 * 86_400_000);
    expect(expiryWarning('efirma', past)).toMatch(/^Tu e\.firma venció el \d{2}\/\d{2}\/\d{4}; sube una vigente$/);
    expect(expiryWarning('csd', past)).toMatch(/^Tu CSD venció el \d{2}\/\d{2}\/\d{4}; sube uno vigente$/);
  });
});
