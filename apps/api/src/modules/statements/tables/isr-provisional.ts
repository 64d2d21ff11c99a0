import { Decimal, fixed } from '@facturo/cfdi/money';
import { isrTariffsFor, PAYROLL_YEARS, type IsrTariff } from '@facturo/cfdi/payroll';

/**
 * Tarifa de pagos provisionales de personas físicas (LISR art. 106, tercer párrafo): "la tarifa que resulte
 * de sumar las cantidades correspondientes a las columnas relativas al límite inferior, límite superior y
 * cuota fija de la tarifa mensual del artículo 96 que en términos de dicho precepto resulten para cada uno de
 * los meses del periodo". The monthly tariff itself is the one data file of each year, shared with payroll:
 *   2025 — packages/cfdi/src/payroll/tables/isr-2025.ts `mensual` (Anexo 8 RMF 2025, rubro B numeral 5);
 *   2026 — packages/cfdi/src/payroll/tables/isr-2026.ts `mensual` (Anexo 8 RMF 2026, rubro B numeral 5).
 * SAT publishes the accumulated tables (Anexo 8, "Tarifas aplicables a pagos provisionales", enero … diciembre)
 * as exactly this sum: upper limit and cuota fija × n months, each lower limit = previous upper + 0.01
 * (e.g. 2025, febrero: 0.01–1,492.08, 1,492.09–12,664.10, cuota 28.64). docs/statements.md shows the check.
 */
export const STATEMENT_YEARS: readonly number[] = PAYROLL_YEARS.filter((y) => y >= 2025);

export function provisionalTariff(year: number, months: number): IsrTariff {
  if (!STATEMENT_YEARS.includes(year)) throw new RangeError(`No hay tarifa de ISR cargada para ${year}`);
  if (!Number.isInteger(months) || months < 1 || months > 12) throw new RangeError('El periodo debe ser de 1 a 12 meses');
  const mensual = isrTariffsFor(year).mensual;
  const n = new Decimal(months);
  let prevUpper: Decimal | null = null;
  return mensual.map(([, sup, cuota, pct]) => {
    const lower: Decimal = prevUpper === null ? new Decimal('0.01') : prevUpper.plus('0.01');
    const upper = sup === null ? null : new Decimal(sup).times(n);
    prevUpper = upper;
    return [fixed(lower, 2), upper === null ? null : fixed(upper, 2), fixed(new Decimal(cuota).times(n), 2), pct] as const;
  });
}
