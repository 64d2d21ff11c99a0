import { Decimal, fixed, toDecimal } from '@facturo/cfdi/money';
import { isrTariffsFor, PAYROLL_YEARS, taxFromTariff } from '@facturo/cfdi/payroll';

/**
 * The month's figures of the dashboard on SAT's cash basis (flujo de efectivo), as docs/cash-basis.md
 * writes them down with the articles of the law. Pure: the caller selects the month's rows (documents
 * dated in the month, payment documents whose FechaPago is in the month, open balances); this module
 * only does the arithmetic, in Decimal, rounding each published figure once, half up, to cents.
 */

export type Direction = 'emitido' | 'recibido';

/** A PUE invoice or credit note (tipo I / E) dated in the month, not cancelled and counted. */
export interface CashDocument {
  direction: Direction;
  tipo: string;
  /** 'YYYY-MM-DD…' (only the day is used, for the daily chart). */
  fecha: string;
  subtotal: string;
  descuento: string;
  tipoCambio: string;
  ivaTrasladado: string;
  isrRetenido: string;
  ivaRetenido: string;
  /** Received only: the deductibility decided at import (or overridden). */
  deducible?: boolean | null;
}

/**
 * A DoctoRelacionado of a payment complement whose FechaPago is in the month: the part of the paid
 * document it settles, already in MXN (the store keeps it per payment row, cfdi_payments.*_mxn; paidShareMxn
 * is the same proration for callers holding the raw amounts).
 */
export interface CashPayment {
  direction: Direction;
  fechaPago: string;
  /** Tipo of the paid document (E: a credit note being paid back counts negative). */
  docTipo: string;
  /** Received only: the paid document's deductibility. */
  deducible?: boolean | null;
  baseMxn: string;
  ivaMxn: string;
  isrRetenidoMxn: string;
  ivaRetenidoMxn: string;
}

export interface OpenBalance {
  direction: Direction;
  saldo: string;
  tipoCambio: string;
}

export interface MonthInput {
  documents: CashDocument[];
  payments: CashPayment[];
  balances: OpenBalance[];
  /** ISR and IVA withheld by digital platforms (received Retenciones constancias of the month); none when absent. */
  platforms?: { isr: string; iva: string };
  /** The account's régimen and RFC decide the ISR estimate. */
  regimen?: string | null;
  rfc: string;
  year: number;
}

/** One flow in MXN: base (before IVA, after discounts), IVA trasladado, ISR and IVA withheld. */
interface Flow {
  base: Decimal;
  iva: Decimal;
  isrRet: Decimal;
  ivaRet: Decimal;
}

const zero = (): Flow => ({ base: new Decimal(0), iva: new Decimal(0), isrRet: new Decimal(0), ivaRet: new Decimal(0) });
const add = (a: Flow, b: Flow, sign = 1): void => {
  a.base = a.base.plus(b.base.times(sign));
  a.iva = a.iva.plus(b.iva.times(sign));
  a.isrRet = a.isrRet.plus(b.isrRet.times(sign));
  a.ivaRet = a.ivaRet.plus(b.ivaRet.times(sign));
};

/** A PUE document's flow in MXN: each amount × TipoCambio. */
function documentFlow(d: CashDocument): Flow {
  const tc = toDecimal(d.tipoCambio || '1');
  return {
    base: toDecimal(d.subtotal).minus(toDecimal(d.descuento)).times(tc),
    iva: toDecimal(d.ivaTrasladado).times(tc),
    isrRet: toDecimal(d.isrRetenido).times(tc),
    ivaRet: toDecimal(d.ivaRetenido).times(tc),
  };
}

export interface PaidDocumentAmounts {
  subtotal: string;
  descuento: string;
  total: string;
  ivaTrasladado: string;
  isrRetenido: string;
  ivaRetenido: string;
}

/**
 * The part of a PPD document a payment settles, in MXN: each amount of the document × ImpPagado / Total
 * (in the document's currency), then ÷ EquivalenciaDR into the payment currency and × TipoCambioP into MXN,
 * the same proration Pagos 2.0 uses for the taxes of each DoctoRelacionado.
 */
export function paidShareMxn(
  p: { impPagado: string; equivalenciaDr: string; tipoCambioP: string },
  doc: PaidDocumentAmounts,
): Pick<CashPayment, 'baseMxn' | 'ivaMxn' | 'isrRetenidoMxn' | 'ivaRetenidoMxn'> {
  const total = toDecimal(doc.total);
  const factor = total.isZero()
    ? new Decimal(0)
    : toDecimal(p.impPagado).div(total).div(toDecimal(p.equivalenciaDr || '1')).times(toDecimal(p.tipoCambioP || '1'));
  const part = (v: string) => toDecimal(v).times(factor).toFixed();
  return {
    baseMxn: toDecimal(doc.subtotal).minus(toDecimal(doc.descuento)).times(factor).toFixed(),
    ivaMxn: part(doc.ivaTrasladado),
    isrRetenidoMxn: part(doc.isrRetenido),
    ivaRetenidoMxn: part(doc.ivaRetenido),
  };
}

function paymentFlow(p: CashPayment): Flow {
  return { base: toDecimal(p.baseMxn), iva: toDecimal(p.ivaMxn), isrRet: toDecimal(p.isrRetenidoMxn), ivaRet: toDecimal(p.ivaRetenidoMxn) };
}

export interface DetailItem {
  titulo: string;
  valor: string;
  tooltip: string;
  link: string;
}

export interface DailyPoint {
  fecha: string;
  ingresos: string;
  gastos: string;
  iva: string;
}

export interface MonthFigures {
  ingresosmes: string;
  gastosmes: string;
  isrmes: string;
  ivames: string;
  montonoiva: string;
  retisr: string;
  retivamesIngresos: string;
  isrretPel: string;
  ivaretPel: string;
  porcobrar: string;
  porpagar: string;
  ingresosmesDetalle: DetailItem[];
  ivamesDetalle: DetailItem[];
  gastosmesDetalle: DetailItem[];
  diario: DailyPoint[];
}

const money = (d: Decimal) => fixed(d, 2);

/** RESICO personas físicas: monthly rates on income actually collected (LISR art. 113-E). */
const RESICO_PF: Array<[string, string]> = [
  ['25000.00', '0.0100'],
  ['50000.00', '0.0110'],
  ['83333.33', '0.0150'],
  ['208333.33', '0.0200'],
  ['3500000.00', '0.0250'],
];

/**
 * Estimated ISR of the month from the month's own figures (not the accumulated provisional payment of
 * LISR art. 106/14, which needs the year's history): RESICO persona física, rate of art. 113-E on income;
 * other personas físicas, the art. 106 monthly tariff on income − deductible expenses; personas morales,
 * 30 % (art. 9) of that profit. Less ISR withheld by customers; never below zero.
 */
export function estimateIsr(input: { ingresos: Decimal; deducibles: Decimal; retisr: Decimal; regimen?: string | null; rfc: string; year: number }): Decimal {
  const { ingresos, deducibles, retisr } = input;
  let isr: Decimal;
  if (input.rfc.length === 13 && input.regimen === '626') {
    const row = RESICO_PF.find(([limit]) => ingresos.lessThanOrEqualTo(limit)) ?? RESICO_PF[RESICO_PF.length - 1]!;
    isr = ingresos.times(row[1]);
  } else {
    const utilidad = ingresos.minus(deducibles);
    if (utilidad.lessThanOrEqualTo(0)) return new Decimal(0);
    if (input.rfc.length === 12) isr = utilidad.times('0.30');
    else {
      const year = PAYROLL_YEARS.includes(input.year) ? input.year : Math.max(...PAYROLL_YEARS.filter((y) => y <= input.year), Math.min(...PAYROLL_YEARS));
      isr = taxFromTariff(utilidad, isrTariffsFor(year).mensual).impuesto;
    }
  }
  const net = isr.minus(retisr);
  return net.isNegative() ? new Decimal(0) : net;
}

const day = (s: string) => s.slice(0, 10);

export function computeMonthFigures(input: MonthInput): MonthFigures {
  const ingresosPue = zero();
  const ingresosPagos = zero();
  const notasEmitidas = zero();
  const gastosPue = zero();
  const gastosPagos = zero();
  const notasRecibidas = zero();
  const acreditable = zero();
  let deducibles = new Decimal(0);
  let sinIva = new Decimal(0);
  const daily = new Map<string, { ingresos: Decimal; gastos: Decimal; iva: Decimal }>();
  const bucket = (fecha: string) => {
    const key = day(fecha);
    const b = daily.get(key) ?? { ingresos: new Decimal(0), gastos: new Decimal(0), iva: new Decimal(0) };
    daily.set(key, b);
    return b;
  };

  const expense = (f: Flow, deducible: boolean | null | undefined, sign: number) => {
    if (deducible) {
      add(acreditable, f, sign);
      deducibles = deducibles.plus(f.base.times(sign));
    }
    if (f.iva.isZero()) sinIva = sinIva.plus(f.base.times(sign));
  };

  for (const d of input.documents) {
    const f = documentFlow(d);
    const credit = d.tipo === 'E';
    const sign = credit ? -1 : 1;
    const b = bucket(d.fecha);
    if (d.direction === 'emitido') {
      add(credit ? notasEmitidas : ingresosPue, f);
      b.ingresos = b.ingresos.plus(f.base.times(sign));
      b.iva = b.iva.plus(f.iva.times(sign));
    } else {
      add(credit ? notasRecibidas : gastosPue, f);
      b.gastos = b.gastos.plus(f.base.times(sign));
      b.iva = b.iva.minus(d.deducible ? f.iva.times(sign) : 0);
      expense(f, d.deducible, sign);
    }
  }
  for (const p of input.payments) {
    const f = paymentFlow(p);
    const sign = p.docTipo === 'E' ? -1 : 1;
    const b = bucket(p.fechaPago);
    if (p.direction === 'emitido') {
      add(ingresosPagos, f, sign);
      b.ingresos = b.ingresos.plus(f.base.times(sign));
      b.iva = b.iva.plus(f.iva.times(sign));
    } else {
      add(gastosPagos, f, sign);
      b.gastos = b.gastos.plus(f.base.times(sign));
      b.iva = b.iva.minus(p.deducible ? f.iva.times(sign) : 0);
      expense(f, p.deducible, sign);
    }
  }

  const ingresos = zero();
  add(ingresos, ingresosPue);
  add(ingresos, ingresosPagos);
  add(ingresos, notasEmitidas, -1);
  const gastos = zero();
  add(gastos, gastosPue);
  add(gastos, gastosPagos);
  add(gastos, notasRecibidas, -1);
  const ivames = ingresos.iva.minus(acreditable.iva);
  const open = (dir: Direction) =>
    input.balances.filter((b) => b.direction === dir).reduce((s, b) => s.plus(toDecimal(b.saldo).times(toDecimal(b.tipoCambio || '1'))), new Decimal(0));
  const isr = estimateIsr({ ingresos: ingresos.base, deducibles, retisr: ingresos.isrRet, regimen: input.regimen, rfc: input.rfc, year: input.year });

  const item = (titulo: string, valor: Decimal, tooltip: string, link: string): DetailItem => ({ titulo, valor: money(valor), tooltip, link });
  return {
    ingresosmes: money(ingresos.base),
    gastosmes: money(gastos.base),
    isrmes: money(isr),
    ivames: money(ivames),
    montonoiva: money(sinIva),
    retisr: money(ingresos.isrRet),
    retivamesIngresos: money(ingresos.ivaRet),
    // Digital-platform withholdings come from received Retenciones constancias (plataformas tecnológicas), not from CFDI.
    isrretPel: money(toDecimal(input.platforms?.isr ?? '0')),
    ivaretPel: money(toDecimal(input.platforms?.iva ?? '0')),
    porcobrar: money(open('emitido')),
    porpagar: money(open('recibido')),
    ingresosmesDetalle: [
      item('Facturas PUE', ingresosPue.base, 'Base (antes de IVA, después de descuentos) de las facturas PUE emitidas en el mes', '/incomes'),
      item('Pagos de facturas PPD', ingresosPagos.base, 'Parte de la base cobrada con complementos de pago fechados en el mes', '/incomes'),
      item('Notas de crédito', notasEmitidas.base.negated(), 'Notas de crédito emitidas en el mes (restan)', '/credit-notes/emitted'),
    ],
    ivamesDetalle: [
      item('IVA trasladado cobrado', ingresos.iva, 'IVA de lo efectivamente cobrado en el mes (LIVA art. 1-B)', '/incomes'),
      item('IVA acreditable pagado', acreditable.iva.negated(), 'IVA de los gastos deducibles efectivamente pagados en el mes (LIVA art. 5)', '/outcomes'),
      item('IVA retenido por clientes', ingresos.ivaRet, 'IVA que tus clientes te retuvieron (LIVA art. 1-A); lo enteran ellos', '/incomes'),
    ],
    gastosmesDetalle: [
      item('Gastos PUE', gastosPue.base, 'Base de las facturas PUE recibidas en el mes', '/outcomes'),
      item('Pagos de gastos PPD', gastosPagos.base, 'Parte de la base pagada con complementos de pago fechados en el mes', '/outcomes'),
      item('Notas de crédito recibidas', notasRecibidas.base.negated(), 'Notas de crédito recibidas en el mes (restan)', '/credit-notes/received'),
      item('Deducibles', deducibles, 'Parte de los gastos marcada como deducible', '/outcomes?deductible=1'),
    ],
    diario: [...daily.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([fecha, v]) => ({ fecha, ingresos: money(v.ingresos), gastos: money(v.gastos), iva: money(v.iva) })),
  };
}
