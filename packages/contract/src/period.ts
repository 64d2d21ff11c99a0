/** Spec §5 month helpers, shared by the web filter and the API. */
export const MONTHS = [
  'Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio',
  'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre',
] as const;

/** Spec §6: regimen id 13 is RIF; its SAT clave is 621. Both are accepted. */
export const REGIMEN_RIF = '13';
export const REGIMEN_RIF_SAT = '621';

export function isValidMonth(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12;
}

/** Bi-monthly period 1..6: month / 2 rounded up (1-2 → 1, … 11-12 → 6). */
export function bimester(month: number): number {
  if (!isValidMonth(month)) throw new RangeError('El mes debe ser un número de 1 a 12');
  return Math.ceil(month / 2);
}

/**
 * Default month of the dashboard filter (spec §4): the saved month when there is one (capped at the
 * months available), otherwise the current month; regimen 13 (RIF, bi-monthly) without a saved month
 * gets half of the month value rounded down (at least 1).
 */
export function defaultFilterMonth(opts: { saved?: number | null; current: number; available: number; regimen?: string | null }): number {
  const cap = Math.max(1, Math.min(12, opts.available));
  if (opts.saved != null && isValidMonth(opts.saved)) return Math.min(opts.saved, cap);
  const base = opts.regimen === REGIMEN_RIF || opts.regimen === REGIMEN_RIF_SAT ? Math.max(1, Math.floor(opts.current / 2)) : opts.current;
  return Math.min(base, cap);
}
