// Dates as a Mexican user reads them (es-MX): day first, Spanish month names.

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date ("2026-01-15", no time) as "15/01/2026". Read as a plain day, never through a
 * time zone, so it cannot move to the day before. Anything else is returned as given; null → "—".
 */
export function formatDay(ymd: string | null | undefined): string {
  if (!ymd) return '—';
  const m = CALENDAR_DAY.exec(ymd);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : ymd;
}

/** An instant (ISO timestamp) as date and time in es-MX, in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('es-MX');
}

/** An instant (ISO timestamp) as a date in es-MX: "15 ene 2026", or "15 de enero de 2026" with `long`. */
export function formatDate(iso: string | null | undefined, style: 'short' | 'long' | 'numeric' = 'numeric'): string {
  if (!iso) return '—';
  const month = style === 'numeric' ? '2-digit' : style;
  return new Date(iso).toLocaleDateString('es-MX', { year: 'numeric', month, day: style === 'numeric' ? '2-digit' : 'numeric' });
}
