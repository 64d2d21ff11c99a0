import { Decimal, fixed, roundTo, toDecimal } from '@facturo/cfdi/money';
import { taxFromTariff } from '@facturo/cfdi/payroll';
import type { StatementLine } from '@facturo/contract';
import { provisionalTariff, STATEMENT_YEARS } from './tables/isr-provisional';
import { RESICO_PF_ANNUAL_CAP, RESICO_PF_BY_YEAR } from './tables/resico';
import { TASA_PERSONAS_MORALES } from './tables/iva';

/**
 * The month's statement, pure (docs/statements.md has the articles and the worked examples):
 * - ISR provisional by régimen: 612 (LISR art. 106), 626 persona física (art. 113-E), 601 (art. 14);
 * - IVA definitivo (LIVA arts. 1-A, 1-B, 5, 5-D, 6) on the cash basis, with the saldo a favor carried over.
 * The caller gives the year's month-by-month cash figures (the dashboard's cash basis), the pagos previos
 * and the saldo a favor of the previous month. Every published figure is rounded once, half up, to cents.
 */

export interface MonthCash {
  month: number;
  /** Base (before IVA, after discounts and credit notes) actually collected in the month (LISR art. 102). */
  ingresos: string;
  /** Personas morales: ingresos nominales accrued in the month (issued I − E, every payment method; LISR art. 17). */
  ingresosDevengados: string;
  /** Deductible base actually paid in the month (LISR art. 105). */
  deducciones: string;
  /** ISR withheld by customers (personas morales) on the month's collections. */
  isrRetenido: string;
  ivaTrasladado: string;
  ivaAcreditable: string;
  /** IVA withheld by customers (LIVA art. 1-A): they pay it, it is subtracted here. */
  ivaRetenidoClientes: string;
  /** IVA the account withheld from its suppliers (LIVA art. 1-A): the account pays it. */
  ivaRetenidoProveedores: string;
}

export interface StatementInput {
  rfc: string;
  regimen: string | null;
  year: number;
  month: number;
  /** Months 1..month of the year (absent months count as zero). */
  months: MonthCash[];
  coeficienteUtilidad: string;
  ptuPagada: string;
  /** Pagos provisionales de ISR of the earlier months of the year (statements here + payments made outside). */
  pagosPrevios: string;
  /** IVA saldo a favor of the previous month not yet credited (LIVA art. 6). */
  saldoAFavorIva: string;
}

export interface Section {
  impuesto: 'isr' | 'iva';
  titulo: string;
  calculado: boolean;
  mensaje: string | null;
  lineas: StatementLine[];
  a_pagar: string;
  saldo_a_favor: string;
}

export interface StatementResult {
  type: string;
  secciones: Section[];
  isrAPagar: string;
  ivaAPagar: string;
  ivaSaldoAFavor: string;
}

const ZERO = new Decimal(0);
const money = (d: Decimal) => fixed(roundTo(d, 2), 2);
const d = (v: string | undefined) => toDecimal(v && v !== '' ? v : '0');
const pos = (v: Decimal) => (v.isNegative() ? ZERO : v);
const line = (clave: string, concepto: string, valor: Decimal, fundamento: string, fuente: string | null = null): StatementLine =>
  ({ clave, concepto, valor: money(valor), fundamento, fuente });

export const REGIMEN_NAMES: Record<string, string> = {
  '601': 'General de Ley Personas Morales',
  '612': 'Personas Físicas con Actividades Empresariales y Profesionales',
  '626': 'Régimen Simplificado de Confianza',
};

function sumOf(months: MonthCash[], key: keyof Omit<MonthCash, 'month'>, upTo: number): Decimal {
  return months.filter((m) => m.month <= upTo).reduce((s, m) => s.plus(d(m[key])), ZERO);
}

function isr612(input: StatementInput): Section {
  const { months, month, year } = input;
  const ingresos = sumOf(months, 'ingresos', month);
  const deducciones = sumOf(months, 'deducciones', month);
  const ptu = d(input.ptuPagada);
  const base = pos(roundTo(ingresos.minus(deducciones).minus(ptu), 2));
  const tax = taxFromTariff(base, provisionalTariff(year, month));
  const retenciones = sumOf(months, 'isrRetenido', month);
  const previos = d(input.pagosPrevios);
  const cargo = tax.impuesto.minus(previos).minus(retenciones);
  const art = 'LISR art. 106';
  return {
    impuesto: 'isr', titulo: `ISR pago provisional (612, ${REGIMEN_NAMES['612']})`, calculado: true, mensaje: null,
    lineas: [
      line('ingresos_acumulados', `Ingresos cobrados de enero a ${mes(month)}`, ingresos, `${art}, primer párrafo; art. 102 (ingresos efectivamente percibidos)`, 'ingresos'),
      line('deducciones_acumuladas', `Deducciones autorizadas pagadas de enero a ${mes(month)}`, deducciones, `${art}; arts. 103 y 105 (efectivamente erogadas)`, 'deducciones'),
      line('ptu', 'PTU pagada en el ejercicio', ptu, `${art}, segundo párrafo`),
      line('base', 'Utilidad (base del pago provisional)', base, art),
      line('limite_inferior', 'Límite inferior de la tarifa acumulada', tax.limiteInferior, `${art}, tercer párrafo (tarifa del art. 96 × ${month} meses, Anexo 8 RMF ${year})`),
      line('excedente', 'Excedente sobre el límite inferior', tax.excedente, art),
      line('tasa', 'Porcentaje sobre el excedente (%)', tax.tasa, art),
      line('impuesto_marginal', 'Impuesto marginal', tax.impuestoMarginal, art),
      line('cuota_fija', 'Cuota fija', tax.cuotaFija, art),
      line('isr_causado', 'ISR causado del periodo', tax.impuesto, art),
      line('pagos_previos', 'Pagos provisionales previos', previos, `${art}, segundo párrafo`),
      line('isr_retenido', 'ISR retenido por personas morales (acumulado)', retenciones, `${art}, último párrafo`, 'ingresos'),
      line('isr_a_pagar', 'ISR a pagar', pos(cargo), art),
    ],
    a_pagar: money(pos(cargo)),
    saldo_a_favor: '0.00',
  };
}

function isr626(input: StatementInput): Section {
  const { months, month, year } = input;
  const table = RESICO_PF_BY_YEAR[year]!;
  const ingresos = pos(sumOf(months.filter((m) => m.month === month), 'ingresos', month));
  const row = table.find(([hasta]) => ingresos.lte(hasta)) ?? table[table.length - 1]!;
  const isr = roundTo(ingresos.times(row[1]), 2);
  const retenido = sumOf(months.filter((m) => m.month === month), 'isrRetenido', month);
  const cargo = isr.minus(retenido);
  const anual = sumOf(months, 'ingresos', month);
  const art = 'LISR art. 113-E';
  return {
    impuesto: 'isr', titulo: `ISR mensual (626, ${REGIMEN_NAMES['626']})`, calculado: true,
    mensaje: anual.gt(RESICO_PF_ANNUAL_CAP) ? 'Los ingresos del año ya superan $3,500,000.00: dejas de tributar en RESICO (art. 113-E, último párrafo); consulta a tu contador.' : null,
    lineas: [
      line('ingresos_mes', `Ingresos cobrados en ${mes(month)} (sin IVA)`, ingresos, `${art}, primer párrafo; art. 113-F`, 'ingresos'),
      line('tasa', 'Tasa aplicable (%)', new Decimal(row[1]).times(100), `${art}, tabla (hasta $${row[0]} mensuales)`),
      line('isr_mes', 'ISR del mes', isr, art),
      line('isr_retenido', 'ISR retenido por personas morales (1.25 %)', retenido, 'LISR art. 113-J', 'ingresos'),
      line('isr_a_pagar', 'ISR a pagar', pos(cargo), art),
    ],
    a_pagar: money(pos(cargo)),
    saldo_a_favor: '0.00',
  };
}

function isr601(input: StatementInput): Section {
  const { months, month } = input;
  const ingresos = sumOf(months, 'ingresosDevengados', month);
  const coef = d(input.coeficienteUtilidad);
  const utilidad = roundTo(ingresos.times(coef), 2);
  // Art. 14 fr. II: PTU pagada in the year is subtracted in equal parts in the payments of May to December.
  const ptu = month >= 5 ? roundTo(d(input.ptuPagada).times(month - 4).div(8), 2) : ZERO;
  const base = pos(utilidad.minus(ptu));
  const isr = roundTo(base.times(TASA_PERSONAS_MORALES), 2);
  const retenciones = sumOf(months, 'isrRetenido', month);
  const previos = d(input.pagosPrevios);
  const cargo = isr.minus(previos).minus(retenciones);
  const art = 'LISR art. 14';
  return {
    impuesto: 'isr', titulo: `ISR pago provisional (601, ${REGIMEN_NAMES['601']})`, calculado: true,
    mensaje: coef.isZero() ? 'El coeficiente de utilidad es 0: escríbelo en la configuración (art. 14 fr. I, de la declaración anual del ejercicio anterior).' : null,
    lineas: [
      line('ingresos_nominales', `Ingresos nominales de enero a ${mes(month)}`, ingresos, `${art}, fr. II; art. 17 (ingresos acumulables al expedir el CFDI)`, 'devengados'),
      line('coeficiente', 'Coeficiente de utilidad', coef, `${art}, fr. I`),
      line('utilidad_estimada', 'Utilidad fiscal estimada', utilidad, `${art}, fr. II`),
      line('ptu', 'PTU pagada (parte proporcional mayo a diciembre)', ptu, `${art}, fr. II, segundo párrafo`),
      line('base', 'Base del pago provisional', base, `${art}, fr. II`),
      line('tasa', 'Tasa (%)', new Decimal(TASA_PERSONAS_MORALES).times(100), 'LISR art. 9'),
      line('isr_causado', 'ISR del periodo', isr, `${art}, fr. III`),
      line('pagos_previos', 'Pagos provisionales previos', previos, `${art}, fr. III`),
      line('isr_retenido', 'ISR retenido (acumulado)', retenciones, `${art}, fr. III`, 'ingresos'),
      line('isr_a_pagar', 'ISR a pagar', pos(cargo), art),
    ],
    a_pagar: money(pos(cargo)),
    saldo_a_favor: '0.00',
  };
}

function iva(input: StatementInput): Section {
  const m = input.months.find((x) => x.month === input.month);
  const trasladado = d(m?.ivaTrasladado);
  const retenidoClientes = d(m?.ivaRetenidoClientes);
  const acreditable = d(m?.ivaAcreditable);
  const anterior = d(input.saldoAFavorIva);
  const retenidoProveedores = d(m?.ivaRetenidoProveedores);
  const neto = trasladado.minus(retenidoClientes).minus(acreditable).minus(anterior);
  const cargo = pos(neto);
  const favor = neto.isNegative() ? neto.negated() : ZERO;
  const total = cargo.plus(retenidoProveedores);
  return {
    impuesto: 'iva', titulo: 'IVA definitivo del mes', calculado: true, mensaje: null,
    lineas: [
      line('iva_trasladado', 'IVA trasladado cobrado', trasladado, 'LIVA arts. 1, 1-B (efectivamente cobrado) y 5-D', 'ingresos'),
      line('iva_retenido_clientes', 'IVA que te retuvieron tus clientes', retenidoClientes, 'LIVA art. 1-A y art. 5-D', 'ingresos'),
      line('iva_acreditable', 'IVA acreditable pagado', acreditable, 'LIVA arts. 4 y 5 (efectivamente pagado, gasto deducible)', 'deducciones'),
      line('saldo_anterior', 'Saldo a favor de meses anteriores acreditado', anterior, 'LIVA art. 6'),
      line('iva_a_cargo', 'IVA a cargo', cargo, 'LIVA art. 5-D'),
      line('saldo_a_favor', 'Saldo a favor (se acredita el mes siguiente)', favor, 'LIVA art. 6'),
      line('iva_retenido_a_enterar', 'IVA que retuviste a tus proveedores (a enterar)', retenidoProveedores, 'LIVA art. 1-A, penúltimo párrafo', 'retenciones'),
      line('iva_a_pagar', 'IVA a pagar', total, 'LIVA art. 5-D'),
    ],
    a_pagar: money(total),
    saldo_a_favor: money(favor),
  };
}

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const mes = (m: number) => MESES[m - 1]!;

/** The régimen whose ISR is computed, or null (with the reason). */
export function supportedRegimen(rfc: string, regimen: string | null): { regimen: '601' | '612' | '626' | null; reason: string | null } {
  if (regimen === '612' && rfc.length === 13) return { regimen: '612', reason: null };
  if (regimen === '626' && rfc.length === 13) return { regimen: '626', reason: null };
  if (regimen === '601' && rfc.length === 12) return { regimen: '601', reason: null };
  if (!regimen) return { regimen: null, reason: 'Tu perfil no tiene régimen fiscal: escríbelo en Perfil para calcular el ISR.' };
  if (regimen === '626') return { regimen: null, reason: 'El ISR de RESICO personas morales (título VII, cap. XII, sección II) aún no se calcula; solo el IVA.' };
  return { regimen: null, reason: `El ISR del régimen ${regimen} aún no se calcula aquí (se calculan 601, 612 y 626 persona física); solo el IVA.` };
}

export function computeStatement(input: StatementInput): StatementResult {
  if (!STATEMENT_YEARS.includes(input.year)) throw new RangeError(`No hay tablas de ISR para ${input.year}`);
  const { regimen, reason } = supportedRegimen(input.rfc, input.regimen);
  const isr: Section = regimen === '612' ? isr612(input) : regimen === '626' ? isr626(input) : regimen === '601' ? isr601(input) : {
    impuesto: 'isr', titulo: 'ISR', calculado: false, mensaje: reason, lineas: [], a_pagar: '0.00', saldo_a_favor: '0.00',
  };
  const v = iva(input);
  return {
    type: regimen ? `ISR ${regimen} e IVA` : 'IVA',
    secciones: [isr, v],
    isrAPagar: isr.a_pagar,
    ivaAPagar: v.a_pagar,
    ivaSaldoAFavor: v.saldo_a_favor,
  };
}
