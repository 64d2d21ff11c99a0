import { formatFecha, mexicoToday } from '@facturo/cfdi/model';

/**
 * A payment time, as `YYYY-MM-DDTHH:mm:ss` on Mexico's clock, for an invoice issued just now: a little before
 * now (never in the future), but never before today's midnight — a payment dated the day before its invoice is
 * an anticipo and refused (`fechaPagoAntesDeFactura`), so "now minus a minute" failed the first minute of a day.
 */
export function paymentTimeNow(leadMs = 60_000): string {
  const now = new Date();
  const earlier = formatFecha(new Date(now.getTime() - leadMs));
  const midnight = `${mexicoToday(now)}T00:00:00`;
  return earlier > midnight ? earlier : midnight;
}
