import { describe, expect, it } from 'vitest';
import { computeConcept, conceptImporteLimits, isWithinLimits, taxImporteLimits, TASAS } from './index';

/** Small deterministic generator so failures are reproducible. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s;
  };
}

function decimalText(next: () => number, maxInt: number, decimals: number): string {
  const int = next() % maxInt;
  if (decimals === 0) return String(int + 1);
  const frac = String(next() % 10 ** decimals).padStart(decimals, '0');
  return `${int}.${frac}`;
}

describe('computed amounts always sit inside SAT acceptance limits', () => {
  it('holds for 2,000 random concepts', () => {
    const next = lcg(20260315);
    const rates = [TASAS.IVA_16, TASAS.IVA_8_FRONTERA, TASAS.IVA_RET_2_3, TASAS.ISR_RET_RESICO, TASAS.IEPS_26_5_ALCOHOL];
    for (let i = 0; i < 2000; i++) {
      const cantidad = decimalText(next, 1000, next() % 4);
      const valorUnitario = decimalText(next, 100000, next() % 7);
      if (/^0(\.0*)?$/.test(cantidad)) continue;
      const decimals = [0, 2, 2, 2, 3, 4][next() % 6];
      const tasa = rates[next() % rates.length];
      const c = computeConcept(
        { cantidad, valorUnitario, traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: tasa }] },
        decimals,
      );
      const importeLimits = conceptImporteLimits(cantidad, valorUnitario, decimals);
      expect(isWithinLimits(c.importe, importeLimits), `${cantidad} × ${valorUnitario} = ${c.importe} vs ${JSON.stringify(importeLimits)}`).toBe(true);
      const t = c.traslados[0];
      const taxLimits = taxImporteLimits(t.base, t.tasaOCuota!, decimals);
      expect(isWithinLimits(t.importe!, taxLimits), `${t.base} × ${tasa} = ${t.importe} vs ${JSON.stringify(taxLimits)}`).toBe(true);
    }
  });
});
