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
  /**
   * ISR withheld on interest (LISR art. 54) by the month's received Retenciones constancias (CveRetenc 16 or the
   * Intereses complement): the only retention a persona moral credits in its provisional payment (art. 14 fr. III).
   */
  isrRetenidoIntereses?: string;
  ivaTrasladado: string;
  /** IVA of deductible expenses paid in the month not marked as used only in taxed or only in exempt activities. */
  ivaAcreditable: string;
  /** IVA of paid deductible expenses the user marked as used only in taxed activities (100 % creditable). */
  ivaAcreditableGravadas?: string;
  /** IVA of paid deductible expenses marked as used only in exempt activities (not creditable, LIVA art. 5 fr. V b). */
  ivaAcreditableExentas?: string;
  /** Value (base, cash basis) of the month's activities taxed at 16 %, 8 % or 0 % (LIVA art. 5 fr. V d). */
  actosGravados?: string;
  /** Value of the month's exempt activities (LIVA arts. 9, 15, 20). */
  actosExentos?: string;
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
/**
 * An amount to pay in whole pesos (CFF art. 20, sexto párrafo): from 1 to 50 centavos down to the peso below,
 * from 51 to 99 up to the next one. The figure is first rounded to cents (the detail's own value).
 */
export const toPesos = (v: Decimal): Decimal => roundTo(v, 2).toDecimalPlaces(0, Decimal.ROUND_HALF_DOWN);
const CFF20 = 'CFF art. 20, sexto párrafo (se ajusta a pesos: de 1 a 50 centavos a la unidad inferior, de 51 a 99 a la superior)';
/**
 * LIVA art. 5 fr. V inciso d): factor = valor de los actos gravados (16 %, 8 %, 0 %) / valor de todos los actos del
 * mes, to four decimals (decision 274: the diezmilésimo of LISR art. 14 fr. I and of the coeficiente, half up).
 * 1 when the month has no exempt activity; 0 when it only has exempt activity.
 */
export function prorationFactor(gravados: Decimal, exentos: Decimal): Decimal {
  const g = pos(gravados);
  const e = pos(exentos);
  if (e.isZero()) return new Decimal(1);
  return roundTo(g.div(g.plus(e)), 4);
}
const d = (v: string | undefined) => toDecimal(v && v !== '' ? v : '0');
const pos = (v: Decimal) => (v.isNegative() ? ZERO : v);
const line = (clave: string, concepto: string, valor: Decimal, fundamento: string, fuente: string | null = null): StatementLine =>
  ({ clave, concepto, valor: money(valor), fundamento, fuente });

/** The cents figure and the amount to pay in whole pesos (CFF art. 20). */
const toPay = (impuesto: 'isr' | 'iva', cargo: Decimal, art: string): StatementLine[] => [
  line(`${impuesto}_a_cargo`, `${impuesto === 'isr' ? 'ISR' : 'IVA'} a cargo (con centavos)`, cargo, art),
  line(`${impuesto}_a_pagar`, `${impuesto === 'isr' ? 'ISR' : 'IVA'} a pagar (en pesos)`, toPesos(cargo), CFF20),
];

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
      ...toPay('isr', pos(cargo), art),
    ],
    a_pagar: money(toPesos(pos(cargo))),
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
      ...toPay('isr', pos(cargo), art),
    ],
    a_pagar: money(toPesos(pos(cargo))),
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
  // Art. 14 fr. III: only the ISR withheld under art. 54 (interest) is credited; ISR a customer withheld on the
  // persona moral's own invoices has no legal basis (retentions are for personas físicas) and is not credited.
  const retenciones = sumOf(months, 'isrRetenidoIntereses', month);
  const noAcreditable = sumOf(months, 'isrRetenido', month);
  const previos = d(input.pagosPrevios);
  const cargo = isr.minus(previos).minus(retenciones);
  const art = 'LISR art. 14';
  return {
    impuesto: 'isr', titulo: `ISR pago provisional (601, ${REGIMEN_NAMES['601']})`, calculado: true,
    mensaje: [
      coef.isZero() ? 'El coeficiente de utilidad es 0: escríbelo en la configuración (art. 14 fr. I, de la declaración anual del ejercicio anterior).' : null,
      noAcreditable.isZero() ? null
        : `Tus clientes te retuvieron ISR por $${money(noAcreditable)} en tus facturas: una persona moral no acredita esas retenciones (art. 14 fr. III solo permite las de intereses, art. 54). Pide a tus clientes que no retengan ISR a una persona moral.`,
    ].filter(Boolean).join(' ') || null,
    lineas: [
      line('ingresos_nominales', `Ingresos nominales de enero a ${mes(month)}`, ingresos, `${art}, fr. II; art. 17 (ingresos acumulables al expedir el CFDI)`, 'devengados'),
      line('coeficiente', 'Coeficiente de utilidad', coef, `${art}, fr. I`),
      line('utilidad_estimada', 'Utilidad fiscal estimada', utilidad, `${art}, fr. II`),
      line('ptu', 'PTU pagada (parte proporcional mayo a diciembre)', ptu, `${art}, fr. II, segundo párrafo`),
      line('base', 'Base del pago provisional', base, `${art}, fr. II`),
      line('tasa', 'Tasa (%)', new Decimal(TASA_PERSONAS_MORALES).times(100), 'LISR art. 9'),
      line('isr_causado', 'ISR del periodo', isr, `${art}, fr. III`),
      line('pagos_previos', 'Pagos provisionales previos', previos, `${art}, fr. III`),
      line('isr_retenido', 'ISR retenido por intereses (acumulado)', retenciones, `${art}, fr. III; art. 54 (constancias de retenciones de intereses)`, 'retenciones'),
      ...toPay('isr', pos(cargo), art),
    ],
    a_pagar: money(toPesos(pos(cargo))),
    saldo_a_favor: '0.00',
  };
}

function iva(input: StatementInput): Section {
  const m = input.months.find((x) => x.month === input.month);
  const trasladado = d(m?.ivaTrasladado);
  const retenidoClientes = d(m?.ivaRetenidoClientes);
  const mixto = d(m?.ivaAcreditable);
  const gravadas = d(m?.ivaAcreditableGravadas);
  const exentas = d(m?.ivaAcreditableExentas);
  const factor = prorationFactor(d(m?.actosGravados), d(m?.actosExentos));
  // LIVA art. 5 fr. V: expenses used only in taxed activities credit all their IVA (a), only in exempt ones none (b),
  // the rest (used in both, or not marked) the month's proportion (d).
  const proporcional = roundTo(mixto.times(factor), 2);
  const acreditable = gravadas.plus(proporcional);
  const anterior = d(input.saldoAFavorIva);
  const retenidoProveedores = d(m?.ivaRetenidoProveedores);
  const neto = trasladado.minus(retenidoClientes).minus(acreditable).minus(anterior);
  const cargo = pos(neto);
  const favor = neto.isNegative() ? neto.negated() : ZERO;
  const total = toPesos(cargo).plus(toPesos(retenidoProveedores));
  const prorrateo = !factor.eq(1) || !gravadas.isZero() || !exentas.isZero();
  const art5 = 'LIVA art. 5 fr. V';
  return {
    impuesto: 'iva', titulo: 'IVA definitivo del mes', calculado: true,
    mensaje: prorrateo
      ? `En el mes hubo actos exentos: el IVA de los gastos que no marcaste como usados solo en actividades gravadas o solo en exentas se acredita en la proporción ${factor.toFixed(4)} (actos gravados al 16 %, 8 % y 0 % entre el total de actos del mes, LIVA art. 5 fr. V inciso d), calculada a cuatro decimales.`
      : null,
    lineas: [
      line('iva_trasladado', 'IVA trasladado cobrado', trasladado, 'LIVA arts. 1, 1-B (efectivamente cobrado) y 5-D; cada CFDI convertido a pesos y redondeado como aparece en su renglón', 'ingresos'),
      line('iva_retenido_clientes', 'IVA que te retuvieron tus clientes', retenidoClientes, 'LIVA art. 1-A y art. 5-D', 'ingresos'),
      ...(prorrateo ? [
        line('actos_gravados', 'Valor de los actos gravados del mes (16 %, 8 % y 0 %)', d(m?.actosGravados), `${art5}, inciso d)`, 'ingresos'),
        line('actos_exentos', 'Valor de los actos exentos del mes', d(m?.actosExentos), `${art5}, inciso d); LIVA arts. 9, 15 y 20`, 'ingresos'),
        { clave: 'proporcion', concepto: 'Proporción de IVA acreditable', valor: factor.toFixed(4), fundamento: `${art5}, inciso d) (a cuatro decimales)`, fuente: null },
        line('iva_gastos_gravadas', 'IVA de gastos usados solo en actividades gravadas (100 %)', gravadas, `${art5}, inciso a)`, 'deducciones'),
        line('iva_gastos_exentas', 'IVA de gastos usados solo en actividades exentas (no acreditable)', exentas, `${art5}, inciso b)`, 'deducciones'),
        line('iva_gastos_mixtos', 'IVA de gastos usados en ambas actividades (antes de la proporción)', mixto, `${art5}, inciso d)`, 'deducciones'),
      ] : []),
      line('iva_acreditable', prorrateo ? 'IVA acreditable pagado (después de la proporción)' : 'IVA acreditable pagado', acreditable, 'LIVA arts. 4 y 5 (efectivamente pagado, gasto deducible)', 'deducciones'),
      line('saldo_anterior', 'Saldo a favor de meses anteriores acreditado', anterior, 'LIVA art. 6'),
      line('iva_determinado', 'IVA a cargo (con centavos)', cargo, 'LIVA art. 5-D'),
      line('iva_a_cargo', 'IVA a cargo (en pesos)', toPesos(cargo), CFF20),
      line('saldo_a_favor', 'Saldo a favor (se acredita el mes siguiente)', favor, 'LIVA art. 6'),
      line('iva_retenido_a_enterar', 'IVA que retuviste a tus proveedores (a enterar, en pesos)', toPesos(retenidoProveedores), `LIVA art. 1-A, penúltimo párrafo; ${CFF20}`, 'retenciones'),
      line('iva_a_pagar', 'IVA a pagar (en pesos)', total, 'LIVA art. 5-D; CFF art. 20'),
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
