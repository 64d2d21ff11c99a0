/**
 * One row of an ISR tariff as SAT publishes it:
 * [límite inferior, límite superior (null = "En adelante"), cuota fija, por ciento sobre el excedente].
 * Amounts are MXN decimal text; the rate is a percentage ("10.88" = 10.88 %).
 */
export type IsrTariffRow = readonly [inferior: string, superior: string | null, cuotaFija: string, porcentaje: string];

/** A whole tariff, rows in ascending order. */
export type IsrTariff = readonly IsrTariffRow[];

/** The Anexo 8 tables of one year: art. 96 retention (rubro B) and the art. 152 annual tariff. */
export interface IsrTariffSet {
  readonly diaria: IsrTariff;
  readonly semanal: IsrTariff;
  readonly decenal: IsrTariff;
  readonly quincenal: IsrTariff;
  readonly mensual: IsrTariff;
  readonly anual: IsrTariff;
}

/**
 * Pay periods the engine computes. 'catorcenal' (14 days, c_PeriodicidadPago 03) has no table of its own
 * in Anexo 8; it uses the daily table times 14 like the published 7/10/15-day tables do.
 */
export type PeriodType = 'diario' | 'semanal' | 'catorcenal' | 'decenal' | 'quincenal' | 'mensual';

/** Nominal days of each period; the month is 30.4 days in LISR/RLISR and the subsidio decree. */
export const PERIOD_DAYS: Readonly<Record<PeriodType, string>> = {
  diario: '1',
  semanal: '7',
  catorcenal: '14',
  decenal: '10',
  quincenal: '15',
  mensual: '30.4',
};

/** Average days in a month for payroll (art. 96 LISR / decreto del subsidio): 365 ÷ 12 rounded. */
export const DAYS_PER_MONTH = '30.4';

/** Salario mínimo zones (CONASAMI). */
export type SalarioMinimoZona = 'general' | 'frontera';
