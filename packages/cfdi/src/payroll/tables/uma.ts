/**
 * Unidad de Medida y Actualización (INEGI), by the year it is published for. Each value is in force
 * 1 February of that year to 31 January of the next. INEGI's rule: mensual = diaria × 30.4,
 * anual = mensual × 12 (both checked exactly for every row below).
 */
export interface UmaValues {
  readonly diaria: string;
  readonly mensual: string;
  readonly anual: string;
}

export const UMA_BY_YEAR: Readonly<Record<number, UmaValues>> = {
  // In force 1-Feb-2024..31-Jan-2025; only needed for January 2025. Read on prevenet.com.mx.
  2024: { diaria: '108.57', mensual: '3300.53', anual: '39606.36' },
  // 1-Feb-2025..31-Jan-2026. Read on eldiariodesonora.com.mx, milenio.com, contaduriaccii.com.mx.
  2025: { diaria: '113.14', mensual: '3439.46', anual: '41273.52' },
  // 1-Feb-2026..31-Jan-2027 (INEGI communiqué 08-01-2026, +3.69 %). Read on eluniversal.com.mx, nmas.com.mx, milenio.com.
  2026: { diaria: '117.31', mensual: '3566.22', anual: '42794.64' },
};
