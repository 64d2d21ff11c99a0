import { formatMoney } from '@facturo/cfdi/money';

/** Amounts of the books: '$1,234.56', and nothing for a zero debe/haber so the other side stands out. */
export const money = (v: string): string => formatMoney(v);
export const side = (v: string): string => (/^0(\.0+)?$/.test(v) ? '' : formatMoney(v));
