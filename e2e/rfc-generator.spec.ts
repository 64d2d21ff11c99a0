import { expect, test } from '@playwright/test';
import { isValidRfc } from '../packages/cfdi/src/rfc/index';
import { randomRfc, rfcCheckDigit } from './support/rfc';

test('the RFC generator matches SAT check digits and yields valid RFCs', async () => {
  for (const rfc of ['EKU9003173C9', 'XOJI740919U48', 'CACX7605101P8', 'IIA040805DZ4', 'KIJ0906199R1', 'XIA190128J61']) {
    expect(rfcCheckDigit(rfc), rfc).toBe(rfc.slice(-1));
  }
  for (let i = 0; i < 50; i++) {
    const f = randomRfc();
    const m = randomRfc('moral');
    expect(f).toMatch(/^[A-Z]{4}\d{6}[A-Z1-9]{2}[0-9A]$/);
    expect(m).toMatch(/^[A-Z]{3}\d{6}[A-Z1-9]{2}[0-9A]$/);
    expect(rfcCheckDigit(f)).toBe(f.slice(-1));
    expect(rfcCheckDigit(m)).toBe(m.slice(-1));
    expect(isValidRfc(f) && isValidRfc(m), `${f} ${m}`).toBe(true);
  }
});
