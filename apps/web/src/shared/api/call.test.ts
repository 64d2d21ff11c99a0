import { describe, expect, it } from 'vitest';
import { formBody } from './call';

describe('formBody', () => {
  it('leaves absent optional fields out instead of sending "undefined"', () => {
    const form = formBody({ monto: '500.00', numOperacion: undefined, tipoCambioP: null, parcial: 0, ok: false });
    expect(form.toString()).toBe('monto=500.00&parcial=0&ok=false');
  });
});
