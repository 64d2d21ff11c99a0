/**
 * IMSS and INFONAVIT contribution rates (% of the base stated per concept).
 * Source: Ley del Seguro Social articles quoted below, as reproduced by jappi.tress.com.mx
 * ("Porcentaje de las Ramas de Seguridad Social") and cross-checked with public payroll code.
 */
export interface ImssRate {
  /** Percentage the employer pays ("1.10" = 1.10 %). */
  readonly patron: string;
  /** Percentage withheld from the worker. */
  readonly obrero: string;
}

export const IMSS_RATES = {
  /** Enfermedades y maternidad, especie, cuota fija (LSS 106-I): on UMA diaria × días, employer only. */
  cuotaFija: { patron: '20.40', obrero: '0' },
  /** Enfermedades y maternidad, especie, excedente (LSS 106-II): on SBC − 3 UMA when positive. */
  excedente: { patron: '1.10', obrero: '0.40' },
  /** Enfermedades y maternidad, prestaciones en dinero (LSS 107). */
  prestacionesDinero: { patron: '0.70', obrero: '0.25' },
  /** Gastos médicos de pensionados (LSS 25). */
  gastosMedicosPensionados: { patron: '1.05', obrero: '0.375' },
  /** Invalidez y vida (LSS 147). */
  invalidezVida: { patron: '1.75', obrero: '0.625' },
  /** Retiro (LSS 168-I), employer only. */
  retiro: { patron: '2.00', obrero: '0' },
  /** Guarderías y prestaciones sociales (LSS 211), employer only. One mind-map says 2 %; the law says 1 %. */
  guarderias: { patron: '1.00', obrero: '0' },
  /** INFONAVIT (Ley del INFONAVIT 29-II), employer only. */
  infonavit: { patron: '5.00', obrero: '0' },
} as const satisfies Record<string, ImssRate>;

/** Worker's share of cesantía en edad avanzada y vejez (LSS 168-II), unchanged by the 2020 reform. */
export const CEAV_OBRERO = '1.125';

/**
 * Employer's cesantía y vejez rate by SBC band, per the yearly schedule of the Decreto DOF 16-12-2020
 * (artículo segundo transitorio). Band 1 is an SBC of exactly one salario mínimo; the others are SBC
 * measured in UMA, with these upper limits (the last band is open).
 * 2025: eca.mx (bands 1-6, quoting the transitorio) + code read from the DOF image (bands 7-8).
 * 2026: eca.mx (bands 1-6), cronista.com (all 8 rounded to 2 dp), four payroll code files (exact).
 */
export const CEAV_BAND_UPPER_UMA = ['1.50', '2.00', '2.50', '3.00', '3.50', '4.00'] as const;

export const CEAV_PATRONAL_BY_YEAR: Readonly<Record<number, readonly string[]>> = {
  2025: ['3.150', '3.544', '4.426', '4.954', '5.307', '5.559', '5.747', '6.422'],
  2026: ['3.150', '3.676', '4.851', '5.556', '6.026', '6.361', '6.613', '7.513'],
};

/** SBC ceiling in UMA (LSS 28): contributions are computed on at most 25 UMA a day. */
export const SBC_TOPE_UMA = '25';

/** The base above which the excedente of enfermedades y maternidad is due (LSS 106-II): 3 UMA. */
export const EXCEDENTE_UMA = '3';

/** Limits of the riesgo de trabajo premium (LSS 74): 0.5 % to 15 % of SBC. */
export const PRIMA_RIESGO_MIN = '0.50';
export const PRIMA_RIESGO_MAX = '15.00';

/**
 * Prima media by risk class (LSS art. 73) for companies registering for the first time.
 * Classes I-IV read on tusconsejosrapidos.com and in public code; class V only in code and a
 * public payroll design note that cites art. 73 (not read on an official page).
 */
export const PRIMA_MEDIA_POR_CLASE = {
  I: '0.54355',
  II: '1.13065',
  III: '2.59840',
  IV: '4.65325',
  V: '7.58875',
} as const;
