/**
 * Subsidio para el empleo since the decree of DOF 01-05-2024: one monthly amount equal to a percentage
 * of the monthly UMA, for workers whose monthly salary income does not exceed a ceiling. Each year's
 * decree also sets a higher January percentage applied to the previous year's UMA, because the new
 * UMA only starts on 1 February.
 */
export interface SubsidioRule {
  /** Decree that sets the rule (publication in the DOF). */
  readonly decreto: string;
  /** % of the monthly UMA from February ("13.80" = 13.80 %). */
  readonly porcentaje: string;
  /** % of the previous year's monthly UMA during January. */
  readonly porcentajeEnero: string;
  /** Monthly income ceiling: above it no subsidio. */
  readonly limiteMensual: string;
}

export const SUBSIDIO_BY_YEAR: Readonly<Record<number, SubsidioRule>> = {
  // Read on contaduriaccii.com.mx (which also prints the per-period amounts), krestonfls.com, grupocyh.com, elconta.mx.
  2025: {
    decreto: 'Decreto que modifica el diverso por el que se otorga el subsidio para el empleo, DOF 31-12-2024',
    porcentaje: '13.80',
    porcentajeEnero: '14.39',
    limiteMensual: '10171.00',
  },
  // Read on nmas.com.mx (PRODECON), expansion.mx, expediente27.com, cronica.com.mx. The press's "$536.22"
  // was an estimate before INEGI published UMA 2026; the decree's rule is % × UMA (3,566.22 × 15.02 % = 535.65).
  2026: {
    decreto: 'Decreto que modifica el diverso por el que se otorga el subsidio para el empleo, DOF 31-12-2025',
    porcentaje: '15.02',
    porcentajeEnero: '15.59',
    limiteMensual: '11492.66',
  },
};
