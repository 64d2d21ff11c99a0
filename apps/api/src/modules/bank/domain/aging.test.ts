import { describe, expect, it } from 'vitest';
import { aging, bucketOf } from './aging';

describe('aging of receivables and payables', () => {
  it('buckets by days past the due date (date + credit term)', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, -5].map(bucketOf)).toEqual(['corriente', 'd1_30', 'd1_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'mas90', 'corriente']);
  });

  it('sums per counterparty in decimals, the most overdue first', () => {
    const r = aging([
      { rfc: 'AAA010101AAA', nombre: 'A', fecha: '2026-03-01', saldo: '100.10' },
      { rfc: 'AAA010101AAA', nombre: 'A', fecha: '2026-01-01', saldo: '0.20' },
      { rfc: 'BBB010101BBB', nombre: 'B', fecha: '2025-10-01', saldo: '50.00' },
    ], '2026-03-31', 30);
    expect(r.data.map((x) => [x.rfc, x.corriente, x.d31_60, x.mas90, x.total, x.documentos])).toEqual([
      ['BBB010101BBB', '0.00', '0.00', '50.00', '50.00', 1],
      ['AAA010101AAA', '100.10', '0.20', '0.00', '100.30', 2],
    ]);
    expect(r.totales.total).toBe('150.30');
  });
});
