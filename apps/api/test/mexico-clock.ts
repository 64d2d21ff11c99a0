/** Mexico City's wall clock: UTC−6 all year (no daylight saving since 2022). */
const MX_OFFSET_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A payment time, as `YYYY-MM-DDTHH:mm:ss` on Mexico's clock, for an invoice issued just now: a little before
 * now (never in the future), but never before today's midnight — a payment dated the day before its invoice is
 * an anticipo and refused (`fechaPagoAntesDeFactura`), so "now minus a minute" failed the first minute of a day.
 */
export function paymentTimeNow(leadMs = 60_000): string {
  const local = Date.now() - MX_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  return new Date(Math.max(local - leadMs, midnight)).toISOString().slice(0, 19);
}
