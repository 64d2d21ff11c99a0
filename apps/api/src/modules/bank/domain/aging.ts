import { Decimal } from '@facturo/cfdi/money';

/**
 * Receivables / payables aging (issue 27 §5): each open CFDI's saldo in the bucket of its days past due, summed
 * per counterparty. Due date = the CFDI's date + the credit term in days (the CFDI carries no machine-readable
 * term: CondicionesDePago is free text). Buckets: corriente (not yet due), 1-30, 31-60, 61-90, más de 90.
 */
export interface AgingInput {
  rfc: string;
  nombre: string | null;
  fecha: string;
  saldo: string;
}

export const AGING_BUCKETS = ['corriente', 'd1_30', 'd31_60', 'd61_90', 'mas90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export type AgingRow = { rfc: string; nombre: string | null; documentos: number; total: string } & Record<AgingBucket, string>;

const DAY = 86_400_000;

export function bucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'corriente';
  if (daysPastDue <= 30) return 'd1_30';
  if (daysPastDue <= 60) return 'd31_60';
  if (daysPastDue <= 90) return 'd61_90';
  return 'mas90';
}

export function aging(docs: AgingInput[], asOf: string, termDays: number, termByRfc: ReadonlyMap<string, number> = new Map()): { data: AgingRow[]; totales: Record<AgingBucket | 'total', string> } {
  const asOfDay = Date.parse(`${asOf}T00:00:00Z`) / DAY;
  const byRfc = new Map<string, { nombre: string | null; n: number; sums: Record<AgingBucket, Decimal> }>();
  const zero = () => Object.fromEntries(AGING_BUCKETS.map((b) => [b, new Decimal(0)])) as Record<AgingBucket, Decimal>;
  const totals = zero();
  for (const d of docs) {
    // A customer's own credit term (receivables settings) wins over the report's default.
    const due = Date.parse(`${d.fecha.slice(0, 10)}T00:00:00Z`) / DAY + (termByRfc.get(d.rfc) ?? termDays);
    const bucket = bucketOf(Math.floor(asOfDay - due));
    const entry = byRfc.get(d.rfc) ?? { nombre: d.nombre, n: 0, sums: zero() };
    entry.n++;
    entry.sums[bucket] = entry.sums[bucket].plus(d.saldo);
    totals[bucket] = totals[bucket].plus(d.saldo);
    byRfc.set(d.rfc, entry);
  }
  const fmt = (s: Record<AgingBucket, Decimal>) => Object.fromEntries(AGING_BUCKETS.map((b) => [b, s[b].toFixed(2)])) as Record<AgingBucket, string>;
  const total = (s: Record<AgingBucket, Decimal>) => AGING_BUCKETS.reduce((a, b) => a.plus(s[b]), new Decimal(0));
  const data = [...byRfc.entries()]
    .map(([rfc, e]) => ({ rfc, nombre: e.nombre, documentos: e.n, ...fmt(e.sums), total: total(e.sums).toFixed(2) }))
    // The most overdue first: that is who to call.
    .sort((a, b) => new Decimal(b.mas90).cmp(a.mas90) || new Decimal(b.total).cmp(a.total));
  return { data, totales: { ...fmt(totals), total: total(totals).toFixed(2) } };
}
