import { parsePaymentDate, umaYearFor } from './dates';
import { Decimal, roundTo, toDecimal, type DecimalInput } from '../money';
import { PayrollError } from './errors';
import {
  CEAV_BAND_UPPER_UMA, CEAV_OBRERO, EXCEDENTE_UMA, IMSS_RATES, PRIMA_RIESGO_MAX, PRIMA_RIESGO_MIN, SBC_TOPE_UMA,
  ceavPatronalOf, salarioMinimoOf, umaOf, type ImssRate,
} from './tables';
import type { SalarioMinimoZona } from './types';

export type ImssConceptKey =
  | 'cuotaFija' | 'excedente' | 'prestacionesDinero' | 'gastosMedicosPensionados' | 'invalidezVida'
  | 'riesgoTrabajo' | 'guarderias' | 'retiro' | 'cesantiaVejez' | 'infonavit';

/** One contribution of the period. Amounts are 2-decimal text; rates are percentages. */
export interface ImssConcept {
  readonly concepto: ImssConceptKey;
  /** Spanish name as payroll receipts and the SUA show it. */
  readonly nombre: string;
  /** Daily base × days the rates apply to. */
  readonly base: string;
  readonly tasaPatron: string;
  readonly tasaObrero: string;
  readonly patron: string;
  readonly obrero: string;
}

export interface ImssQuotasInput {
  /** Salario base de cotización diario (SDI). Raised to the salario mínimo, capped at 25 UMA. */
  readonly sbc: DecimalInput;
  /** Days of the period that pay contributions. */
  readonly days: DecimalInput;
  /** "YYYY-MM-DD", a date inside the contribution period: picks the UMA, salario mínimo and the year's cesantía rates. */
  readonly paymentDate: string;
  /** Company's riesgo de trabajo premium as a percentage ("0.54355"); LSS 74 keeps it within 0.5–15. */
  readonly primaRiesgo: DecimalInput;
  /** Salario mínimo zone of the workplace. Default 'general'. */
  readonly zona?: SalarioMinimoZona;
  /**
   * Worker's cuota diaria. When it is the salario mínimo, the employer pays the worker's share too
   * (LSS art. 36). Omit when unknown: the worker's share is then withheld.
   */
  readonly salarioDiario?: DecimalInput;
}

export interface ImssQuotas {
  readonly year: number;
  readonly umaDiaria: string;
  readonly salarioMinimo: string;
  readonly sbc: string;
  /** SBC after the salario mínimo floor and the 25 UMA cap (LSS 28). */
  readonly sbcAplicado: string;
  readonly dias: string;
  /** 1-8, the cesantía y vejez band of the SBC (1 = one salario mínimo). */
  readonly ceavBanda: number;
  /** true when the employer pays the worker's share (LSS art. 36). */
  readonly patronCubreObrero: boolean;
  readonly conceptos: readonly ImssConcept[];
  readonly totales: {
    /** Withheld from the worker. */
    readonly obrero: string;
    /** Employer's IMSS contributions including retiro and cesantía y vejez, without INFONAVIT. */
    readonly patronImss: string;
    readonly infonavit: string;
    /** patronImss + infonavit. */
    readonly patron: string;
  };
}

const NAMES: Readonly<Record<ImssConceptKey, string>> = {
  cuotaFija: 'Enfermedades y maternidad, cuota fija',
  excedente: 'Enfermedades y maternidad, excedente de 3 UMA',
  prestacionesDinero: 'Enfermedades y maternidad, prestaciones en dinero',
  gastosMedicosPensionados: 'Gastos médicos de pensionados',
  invalidezVida: 'Invalidez y vida',
  riesgoTrabajo: 'Riesgos de trabajo',
  guarderias: 'Guarderías y prestaciones sociales',
  retiro: 'Retiro',
  cesantiaVejez: 'Cesantía en edad avanzada y vejez',
  infonavit: 'INFONAVIT',
};

/**
 * The salario base de cotización the contributions use: the SDI raised to the salario mínimo of the zone
 * and capped at 25 UMA a day (LSS 28), rounded to cents. Nómina 1.2 SalarioBaseCotApor carries this one.
 */
export function sbcAplicadoFor(input: { readonly sbc: DecimalInput; readonly paymentDate: string; readonly zona?: SalarioMinimoZona }): string {
  const date = parsePaymentDate(input.paymentDate);
  const uma = new Decimal(umaOf(umaYearFor(date)).diaria);
  const salarioMinimo = new Decimal(salarioMinimoOf(date.year, input.zona));
  return roundTo(Decimal.min(Decimal.max(toDecimal(input.sbc), salarioMinimo), uma.times(SBC_TOPE_UMA)), 2).toFixed(2);
}

/** Band of the cesantía y vejez employer rate: 0 for one salario mínimo, then by SBC in UMA. */
function ceavBandIndex(sbc: Decimal, salarioMinimo: Decimal, uma: Decimal): number {
  if (sbc.lte(salarioMinimo)) return 0;
  const veces = sbc.dividedBy(uma);
  const band = CEAV_BAND_UPPER_UMA.findIndex((upper) => veces.lte(upper));
  return band === -1 ? CEAV_BAND_UPPER_UMA.length + 1 : band + 1;
}

/**
 * Cuotas obrero-patronales of one worker for a period (LSS arts. 25, 71-74, 106, 107, 147, 168, 211 and
 * Ley del INFONAVIT 29-II), each concept rounded to cents. Cesantía y vejez uses the employer rate of
 * the period's year from the 2020 reform schedule. January uses the previous year's UMA.
 * @throws PayrollError (Spanish message) on bad amounts or a year without tables.
 */
export function imssQuotas(input: ImssQuotasInput): ImssQuotas {
  const date = parsePaymentDate(input.paymentDate);
  const sbc = toDecimal(input.sbc);
  const dias = toDecimal(input.days);
  const prima = toDecimal(input.primaRiesgo);
  if (sbc.lte(0)) throw new PayrollError('El salario base de cotización debe ser mayor que cero', 'sbc');
  if (dias.isNegative()) throw new PayrollError('Los días cotizados no pueden ser negativos', 'days');
  if (prima.lt(PRIMA_RIESGO_MIN) || prima.gt(PRIMA_RIESGO_MAX)) {
    throw new PayrollError(`La prima de riesgo de trabajo debe estar entre ${PRIMA_RIESGO_MIN} % y ${PRIMA_RIESGO_MAX} %`, 'primaRiesgo');
  }
  const uma = new Decimal(umaOf(umaYearFor(date)).diaria);
  const salarioMinimo = new Decimal(salarioMinimoOf(date.year, input.zona));
  const sbcAplicado = Decimal.min(Decimal.max(sbc, salarioMinimo), uma.times(SBC_TOPE_UMA));
  const band = ceavBandIndex(sbcAplicado, salarioMinimo, uma);
  const patronCubreObrero = input.salarioDiario !== undefined && toDecimal(input.salarioDiario).lte(salarioMinimo);

  const sbcBase = sbcAplicado.times(dias);
  const rate = (key: Exclude<ImssConceptKey, 'riesgoTrabajo' | 'cesantiaVejez'>): ImssRate => IMSS_RATES[key];
  const rows: Array<[ImssConceptKey, Decimal, ImssRate]> = [
    ['cuotaFija', uma.times(dias), rate('cuotaFija')],
    ['excedente', Decimal.max(0, sbcAplicado.minus(uma.times(EXCEDENTE_UMA))).times(dias), rate('excedente')],
    ['prestacionesDinero', sbcBase, rate('prestacionesDinero')],
    ['gastosMedicosPensionados', sbcBase, rate('gastosMedicosPensionados')],
    ['invalidezVida', sbcBase, rate('invalidezVida')],
    ['riesgoTrabajo', sbcBase, { patron: prima.toString(), obrero: '0' }],
    ['guarderias', sbcBase, rate('guarderias')],
    ['retiro', sbcBase, rate('retiro')],
    ['cesantiaVejez', sbcBase, { patron: ceavPatronalOf(date.year)[band], obrero: CEAV_OBRERO }],
    ['infonavit', sbcBase, rate('infonavit')],
  ];

  let obreroTotal = new Decimal(0);
  let patronImss = new Decimal(0);
  let infonavit = new Decimal(0);
  const conceptos = rows.map(([concepto, base, tasas]): ImssConcept => {
    const obreroDue = roundTo(base.times(tasas.obrero).dividedBy(100), 2);
    let patron = roundTo(base.times(tasas.patron).dividedBy(100), 2);
    let obrero = obreroDue;
    if (patronCubreObrero) {
      patron = patron.plus(obreroDue);
      obrero = new Decimal(0);
    }
    obreroTotal = obreroTotal.plus(obrero);
    if (concepto === 'infonavit') infonavit = infonavit.plus(patron);
    else patronImss = patronImss.plus(patron);
    return {
      concepto, nombre: NAMES[concepto], base: roundTo(base, 2).toFixed(2),
      tasaPatron: tasas.patron, tasaObrero: tasas.obrero, patron: patron.toFixed(2), obrero: obrero.toFixed(2),
    };
  });

  return {
    year: date.year,
    umaDiaria: uma.toFixed(2),
    salarioMinimo: salarioMinimo.toFixed(2),
    sbc: sbc.toFixed(2),
    sbcAplicado: roundTo(sbcAplicado, 2).toFixed(2),
    dias: dias.toString(),
    ceavBanda: band + 1,
    patronCubreObrero,
    conceptos,
    totales: {
      obrero: obreroTotal.toFixed(2),
      patronImss: patronImss.toFixed(2),
      infonavit: infonavit.toFixed(2),
      patron: patronImss.plus(infonavit).toFixed(2),
    },
  };
}

/** The employer's quotas of a period in the three groups an accountant books and pays separately (2-decimal text). */
export interface EmployerContributions {
  /** Paid monthly to the IMSS: enfermedades y maternidad, invalidez y vida, riesgos de trabajo, guarderías. */
  readonly imss: string;
  /** Retiro, cesantía y vejez: paid every two months into the worker's SAR account (AFORE). */
  readonly rcv: string;
  /** The 5 % of the INFONAVIT, paid with the RCV. */
  readonly infonavit: string;
}

const RCV_CONCEPTS: ReadonlySet<ImssConceptKey> = new Set(['retiro', 'cesantiaVejez']);

/**
 * Groups {@link imssQuotas}' employer shares by who receives them and when, because the books carry one expense and
 * one liability per payment (Cuotas al IMSS, Aportaciones al SAR, Aportaciones al INFONAVIT): imss + rcv =
 * totales.patronImss and infonavit = totales.infonavit, each already rounded per concept. When the employer covers
 * the worker's share (LSS art. 36) that share is inside each concept's `patron`, so it is the employer's cost here too.
 */
export function employerContributions(q: ImssQuotas): EmployerContributions {
  let imss = new Decimal(0);
  let rcv = new Decimal(0);
  let infonavit = new Decimal(0);
  for (const c of q.conceptos) {
    if (c.concepto === 'infonavit') infonavit = infonavit.plus(c.patron);
    else if (RCV_CONCEPTS.has(c.concepto)) rcv = rcv.plus(c.patron);
    else imss = imss.plus(c.patron);
  }
  return { imss: imss.toFixed(2), rcv: rcv.toFixed(2), infonavit: infonavit.toFixed(2) };
}
