import { Decimal, roundTo } from '../money';
import { PayrollError } from './errors';
import { PERIOD_DAYS, type IsrTariff, type IsrTariffRow, type IsrTariffSet, type PeriodType } from './types';

/** The tax a tariff gives for a base, with every figure of the art. 96 / art. 152 computation. */
export interface TariffTax {
  readonly base: Decimal;
  readonly limiteInferior: Decimal;
  /** null in the open-ended top row ("En adelante"). */
  readonly limiteSuperior: Decimal | null;
  readonly excedente: Decimal;
  /** Percentage applied to the excedente ("10.88"). */
  readonly tasa: Decimal;
  /** excedente × tasa, rounded to cents. */
  readonly impuestoMarginal: Decimal;
  readonly cuotaFija: Decimal;
  /** cuota fija + impuesto marginal, rounded to cents. */
  readonly impuesto: Decimal;
}

const CENT = new Decimal('0.01');

/** The row whose limits hold `base` (a base already rounded to cents and > 0). */
function findRow(tariff: IsrTariff, base: Decimal): IsrTariffRow {
  for (const row of tariff) {
    if (row[1] === null || base.lte(row[1])) return row;
  }
  throw new PayrollError('La tarifa de ISR no tiene renglón abierto "En adelante"');
}

/**
 * Applies a tariff to a base: ISR = cuota fija + (base − límite inferior) × % (LISR art. 96/152).
 * The base is rounded to cents first (amounts are paid in cents). Rounding half up once at the end
 * gives the same result as rounding the marginal tax, because the cuota fija already has 2 decimals.
 * A base of zero or less owes nothing.
 */
export function taxFromTariff(base: Decimal, tariff: IsrTariff): TariffTax {
  const cents = roundTo(base, 2);
  const zero = new Decimal(0);
  if (cents.lte(0)) {
    const [inf, sup, , pct] = tariff[0];
    return {
      base: cents, limiteInferior: new Decimal(inf), limiteSuperior: sup === null ? null : new Decimal(sup),
      excedente: zero, tasa: new Decimal(pct), impuestoMarginal: zero, cuotaFija: zero, impuesto: zero,
    };
  }
  const [inf, sup, cuota, pct] = findRow(tariff, cents);
  const excedente = cents.minus(inf);
  const marginal = excedente.times(pct).dividedBy(100);
  return {
    base: cents,
    limiteInferior: new Decimal(inf),
    limiteSuperior: sup === null ? null : new Decimal(sup),
    excedente,
    tasa: new Decimal(pct),
    impuestoMarginal: roundTo(marginal, 2),
    cuotaFija: new Decimal(cuota),
    impuesto: roundTo(marginal.plus(cuota), 2),
  };
}

/**
 * Builds the tariff for a period of `days` days from the daily table, the way Anexo 8 builds its
 * 7-, 10- and 15-day tables (each cell = daily cell × days; lower limits = previous upper + 0.01).
 * Fractional days are allowed; cells are rounded to cents.
 */
export function scaleDailyTariff(daily: IsrTariff, days: Decimal): IsrTariff {
  if (days.lte(0)) throw new PayrollError('Los días del periodo deben ser mayores que cero', 'daysPaid');
  let previousUpper: Decimal | null = null;
  return daily.map(([, sup, cuota, pct]): IsrTariffRow => {
    const inferior: Decimal = previousUpper === null ? CENT : previousUpper.plus(CENT);
    const superior = sup === null ? null : roundTo(new Decimal(sup).times(days), 2);
    previousUpper = superior;
    return [inferior.toFixed(2), superior === null ? null : superior.toFixed(2), roundTo(new Decimal(cuota).times(days), 2).toFixed(2), pct];
  });
}

const PUBLISHED: Partial<Record<PeriodType, keyof IsrTariffSet>> = {
  diario: 'diaria',
  semanal: 'semanal',
  decenal: 'decenal',
  quincenal: 'quincenal',
  mensual: 'mensual',
};

/**
 * The art. 96 tariff to withhold with: the published Anexo 8 table of the period when the days paid
 * are the period's nominal days (or not given), otherwise the daily table × days paid (RLISR art. 175
 * lets the employer apply the tariff to the days of the actual pay period). A monthly payment always
 * uses the monthly table: the month is the tariff's own unit.
 */
export function retentionTariff(tariffs: IsrTariffSet, periodType: PeriodType, daysPaid?: Decimal): IsrTariff {
  const published = PUBLISHED[periodType];
  if (periodType === 'mensual') return tariffs.mensual;
  if (published && (daysPaid === undefined || daysPaid.eq(PERIOD_DAYS[periodType]))) return tariffs[published];
  return scaleDailyTariff(tariffs.diaria, daysPaid ?? new Decimal(PERIOD_DAYS[periodType]));
}
