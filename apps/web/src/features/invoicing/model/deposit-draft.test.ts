import { describe, expect, it } from 'vitest';
import { Decimal } from '@facturo/cfdi/money';
import { depositDraft } from './deposit-draft';

describe('invoice draft from a bank deposit', () => {
  it('one concept with IVA 16 % whose total is the deposit, PUE by transfer, the date in the observations', () => {
    const d = depositDraft('1813.57', '2026-11-28', 'SPEI123');
    expect(d).toMatchObject({ metodoPago: 'PUE', formaPago: '03', observaciones: 'Depósito del 2026-11-28, referencia SPEI123' });
    const c = d.conceptos![0]!;
    expect(c).toMatchObject({ cantidad: '1', iva: '0.160000', valorUnitario: '1563.422414' });
    const importe = new Decimal(c.valorUnitario).toDecimalPlaces(2);
    expect(importe.plus(importe.times('0.16').toDecimalPlaces(2)).toFixed(2)).toBe('1813.57');
  });
});
