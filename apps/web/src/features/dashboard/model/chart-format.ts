import { formatMoney as formatAmount } from '@facturo/cfdi/money';

export const MONTH_SHORT = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'] as const;

/**
 * An axis tick or chart tooltip amount. Charts plot numbers; the text goes back through the §9 money format
 * (2 decimals, thousands separators). `compact` shortens ticks: $12.5 mil, $1.2 M.
 */
export function chartMoney(value: number, compact = false): string {
  if (compact) {
    const abs = Math.abs(value);
    if (abs >= 1_000_000) return `$${(value / 1_000_000).toLocaleString('es-MX', { maximumFractionDigits: 1 })} M`;
    if (abs >= 1_000) return `$${(value / 1_000).toLocaleString('es-MX', { maximumFractionDigits: 1 })} mil`;
    return `$${value.toLocaleString('es-MX', { maximumFractionDigits: 0 })}`;
  }
  return formatAmount(value.toFixed(2));
}
