import { Decimal, toDecimal } from '../money/decimal';
import type { CompNal, LineaPoliza, Poliza, TipoPoliza } from './types';
import { ROLES } from '../accounting-roles';

/**
 * The accounting rules: which account each part of a document goes to. Pure (no DB): the caller passes
 * the rule table (editable per tenant) and a resolver for the per-counterparty subaccounts.
 */

export { ROLES };
export type Rol = (typeof ROLES)[number];

/** The Spanish name of each role (screens, errors). */
export const ROL_DESCRIPCION: Record<Rol, string> = {
  bancos: 'Bancos', clientes: 'Clientes (subcuenta por RFC)', proveedores: 'Proveedores (subcuenta por RFC)',
  ingresos: 'Ingresos', devolucionesVentas: 'Devoluciones y descuentos sobre ventas',
  ivaTrasladadoNoCobrado: 'IVA trasladado no cobrado', ivaTrasladadoCobrado: 'IVA trasladado cobrado',
  iepsTrasladadoNoCobrado: 'IEPS trasladado no cobrado', iepsTrasladadoCobrado: 'IEPS trasladado cobrado',
  ivaAcreditablePendiente: 'IVA acreditable pendiente de pago', ivaAcreditablePagado: 'IVA acreditable pagado',
  isrRetenidoPorClientes: 'ISR que nos retuvieron', ivaRetenidoPorClientes: 'IVA que nos retuvieron',
  isrRetenidoAProveedores: 'ISR retenido a proveedores', ivaRetenidoAProveedores: 'IVA retenido a proveedores',
  gastoGeneral: 'Gasto (cuando ninguna clave coincide)', gastoNoDeducible: 'Gastos no deducibles',
  sueldos: 'Sueldos y salarios', isrRetenidoSueldos: 'ISR retenido por sueldos', imssObrero: 'IMSS obrero retenido',
  subsidioEmpleo: 'Subsidio al empleo', otrasDeduccionesNomina: 'Otras deducciones de nómina',
  imssPatronal: 'Cuotas patronales al IMSS', sarPatronal: 'Aportaciones patronales al SAR (retiro, cesantía y vejez)',
  infonavitPatronal: 'Aportaciones patronales al INFONAVIT', imssPatronalPorPagar: 'IMSS patronal por pagar',
  sarPorPagar: 'SAR (retiro, cesantía y vejez) por pagar', infonavitPorPagar: 'INFONAVIT por pagar',
  comisionesBancarias: 'Comisiones bancarias (estado de cuenta)', retirosSinCfdi: 'Retiros del banco sin CFDI',
  depositosSinCfdi: 'Depósitos sin CFDI (cuenta puente)',
};

export interface ReglaGasto {
  /** Prefix of c_ClaveProdServ (e.g. '1510' fuels, '8013' rent); the longest match wins. */
  prefijo: string;
  cuenta: string;
}

export interface Reglas {
  cuentas: Record<Rol, string>;
  gastosPorClave: ReglaGasto[];
}

/** The default rules over {@link defaultChart}. */
export function defaultRules(): Reglas {
  return {
    cuentas: {
      bancos: '102.01', clientes: '105.01', proveedores: '201.01', ingresos: '401.01', devolucionesVentas: '402.01',
      ivaTrasladadoNoCobrado: '209.01', ivaTrasladadoCobrado: '208.01', iepsTrasladadoNoCobrado: '209.02',
      iepsTrasladadoCobrado: '208.02', ivaAcreditablePendiente: '119.01', ivaAcreditablePagado: '118.01',
      isrRetenidoPorClientes: '113.02', ivaRetenidoPorClientes: '113.01', isrRetenidoAProveedores: '216.05',
      ivaRetenidoAProveedores: '216.03', gastoGeneral: '601.84', gastoNoDeducible: '601.83', sueldos: '601.01',
      isrRetenidoSueldos: '216.01', imssObrero: '216.11', subsidioEmpleo: '110.01', otrasDeduccionesNomina: '107.05',
      // Employer's quotas (decision 323): expense in gastos generales like sueldos, liability in 211 until paid.
      imssPatronal: '601.26', sarPatronal: '601.28', infonavitPatronal: '601.27',
      imssPatronalPorPagar: '211.01', sarPorPagar: '211.02', infonavitPorPagar: '211.03',
      comisionesBancarias: '701.10', retirosSinCfdi: '601.83', depositosSinCfdi: '205.06',
    },
    gastosPorClave: [
      { prefijo: '1510', cuenta: '601.48' },
      { prefijo: '8013', cuenta: '601.45' },
      { prefijo: '8111', cuenta: '601.50' },
      { prefijo: '8316', cuenta: '601.50' },
      { prefijo: '4412', cuenta: '601.55' },
      { prefijo: '8011', cuenta: '601.34' },
      { prefijo: '8012', cuenta: '601.34' },
    ],
  };
}

/** A document as the rules read it (the figures of the CFDI store, decimal strings in the document's currency). */
export interface DocumentoContable {
  uuid: string;
  tipo: 'I' | 'E' | 'N';
  /** 'emitido': the tenant issued it; 'recibido': the tenant received it. */
  direction: 'emitido' | 'recibido';
  fecha: string;
  rfcContraparte: string;
  nombreContraparte?: string | null;
  moneda: string;
  tipoCambio: string;
  subtotal: string;
  descuento: string;
  total: string;
  ivaTrasladado: string;
  iepsTrasladado: string;
  isrRetenido: string;
  ivaRetenido: string;
  metodoPago: string | null;
  /** Received: false sends the expense (and its IVA) to the non-deductible account. */
  deducible?: boolean | null;
  clavesProdServ?: string | null;
  /** Payroll: deducción 001 (IMSS obrero) and the subsidio paid (OtroPago 002), if known. */
  nominaImss?: string;
  subsidio?: string;
  /**
   * Payroll: the employer's quotas of the receipt (decision 323), which the CFDI does not carry: IMSS, SAR (retiro,
   * cesantía y vejez) and INFONAVIT. Absent or 0 for a worker without social security or a receipt not stamped here.
   */
  imssPatronal?: string;
  sarPatronal?: string;
  infonavitPatronal?: string;
  serieFolio?: string | null;
}

/** One paid document of a payment complement (or a PUE document paid at issue), MXN figures. */
export interface PagoContable {
  /** UUID of the payment complement (or of the PUE document itself). */
  pagoUuid: string;
  docUuid: string;
  direction: 'emitido' | 'recibido';
  fecha: string;
  rfcContraparte: string;
  nombreContraparte?: string | null;
  /** The document's total (CompNal MontoTotal of the paid document). */
  docTotal: string;
  montoPago: string;
  baseMxn: string;
  ivaMxn: string;
  isrRetenidoMxn: string;
  ivaRetenidoMxn: string;
  /** The bank's subaccount (per CLABE) when a reconciled bank movement paid it; else the rule's bancos. */
  cuentaBanco?: string;
}

/** Resolves a role to an account; for clientes/proveedores the caller returns the RFC's subaccount. */
export type ResolverCuenta = (rol: Rol, tercero?: { rfc: string; nombre?: string | null }) => string;

/** A póliza whose cargos and abonos differ (or has a bad line): refused, never stored. */
export class PolizaDescuadradaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolizaDescuadradaError';
  }
}

const ZERO = new Decimal(0);
const mxn = (v: string, tc: string): Decimal => toDecimal(v || '0').times(toDecimal(tc || '1')).toDecimalPlaces(2);
const fmt = (d: Decimal): string => d.toFixed(2);

class Builder {
  readonly lineas: LineaPoliza[] = [];
  constructor(private readonly comprobantes: CompNal[]) {}
  cargo(numCta: string, concepto: string, amount: Decimal): this {
    if (!amount.isZero()) this.lineas.push({ numCta, concepto, debe: fmt(amount.abs()), haber: '0.00', comprobantes: this.comprobantes });
    return this;
  }
  abono(numCta: string, concepto: string, amount: Decimal): this {
    if (!amount.isZero()) this.lineas.push({ numCta, concepto, debe: '0.00', haber: fmt(amount.abs()), comprobantes: this.comprobantes });
    return this;
  }
}

/** Checks cargos = abonos (decimal), each line on one side only, and at least two lines. */
export function assertBalanced(poliza: Poliza): void {
  if (poliza.lineas.length < 2) throw new PolizaDescuadradaError('La póliza necesita al menos dos movimientos.');
  let debe = ZERO;
  let haber = ZERO;
  for (const [i, l] of poliza.lineas.entries()) {
    const d = toDecimal(l.debe);
    const h = toDecimal(l.haber);
    if (d.isNegative() || h.isNegative()) throw new PolizaDescuadradaError(`Movimiento ${i + 1}: los importes no pueden ser negativos.`);
    if (d.isZero() === h.isZero()) throw new PolizaDescuadradaError(`Movimiento ${i + 1}: lleva un cargo o un abono, no ambos ni ninguno.`);
    if (d.decimalPlaces() > 2 || h.decimalPlaces() > 2) throw new PolizaDescuadradaError(`Movimiento ${i + 1}: los importes llevan como máximo dos decimales.`);
    debe = debe.plus(d);
    haber = haber.plus(h);
  }
  if (!debe.equals(haber)) {
    throw new PolizaDescuadradaError(`La póliza no cuadra: cargos ${fmt(debe)} y abonos ${fmt(haber)}.`);
  }
}

function done(tipo: TipoPoliza, fecha: string, concepto: string, b: Builder): Poliza {
  const poliza: Poliza = { tipo, fecha: fecha.slice(0, 10), concepto: concepto.slice(0, 300), lineas: b.lineas };
  assertBalanced(poliza);
  return poliza;
}

/** The expense account for a received document: non-deductible, else the longest ClaveProdServ prefix rule, else gastoGeneral. */
export function cuentaGasto(doc: Pick<DocumentoContable, 'deducible' | 'clavesProdServ'>, reglas: Reglas): string {
  if (doc.deducible === false) return reglas.cuentas.gastoNoDeducible;
  const first = doc.clavesProdServ?.trim().split(/\s+/)[0] ?? '';
  let best: ReglaGasto | undefined;
  for (const r of reglas.gastosPorClave) {
    if (first.startsWith(r.prefijo) && (!best || r.prefijo.length > best.prefijo.length)) best = r;
  }
  return best?.cuenta ?? reglas.cuentas.gastoGeneral;
}

function compNal(doc: DocumentoContable): CompNal {
  const c: CompNal = { uuid: doc.uuid, rfc: doc.rfcContraparte, montoTotal: toDecimal(doc.total).toFixed(2) };
  if (doc.moneda !== 'MXN') {
    c.moneda = doc.moneda;
    c.tipCamb = toDecimal(doc.tipoCambio).toFixed(5);
  }
  return c;
}

const label = (doc: DocumentoContable): string => doc.serieFolio || doc.uuid.slice(0, 8);

/**
 * The accrual entry of an issued or received invoice (I) or credit note (E), in MXN. The counterparty
 * line is the sum of the others, so rounding each part to cents never leaves the entry unbalanced.
 */
export function polizaDeDocumento(doc: DocumentoContable, reglas: Reglas, cuenta: ResolverCuenta): Poliza {
  if (doc.tipo === 'N') return polizaDeNomina(doc, reglas);
  const tc = doc.tipoCambio;
  const neto = mxn(doc.subtotal, tc).minus(mxn(doc.descuento, tc));
  const iva = mxn(doc.ivaTrasladado, tc);
  const ieps = mxn(doc.iepsTrasladado, tc);
  const isr = mxn(doc.isrRetenido, tc);
  const ivaRet = mxn(doc.ivaRetenido, tc);
  const total = neto.plus(iva).plus(ieps).minus(isr).minus(ivaRet);
  const b = new Builder([compNal(doc)]);
  const tercero = { rfc: doc.rfcContraparte, nombre: doc.nombreContraparte };
  const c = reglas.cuentas;
  if (doc.direction === 'emitido') {
    const cliente = cuenta('clientes', tercero);
    if (doc.tipo === 'I') {
      b.cargo(cliente, `Factura ${label(doc)}`, total)
        .cargo(c.isrRetenidoPorClientes, 'ISR retenido por el cliente', isr)
        .cargo(c.ivaRetenidoPorClientes, 'IVA retenido por el cliente', ivaRet)
        .abono(c.ingresos, `Ingreso factura ${label(doc)}`, neto)
        .abono(c.ivaTrasladadoNoCobrado, 'IVA trasladado no cobrado', iva)
        .abono(c.iepsTrasladadoNoCobrado, 'IEPS trasladado no cobrado', ieps);
      return done('diario', doc.fecha, `Factura emitida ${label(doc)} a ${doc.rfcContraparte}`, b);
    }
    b.cargo(c.devolucionesVentas, `Nota de crédito ${label(doc)}`, neto)
      .cargo(c.ivaTrasladadoNoCobrado, 'IVA de la nota de crédito', iva)
      .cargo(c.iepsTrasladadoNoCobrado, 'IEPS de la nota de crédito', ieps)
      .abono(c.isrRetenidoPorClientes, 'ISR retenido (nota de crédito)', isr)
      .abono(c.ivaRetenidoPorClientes, 'IVA retenido (nota de crédito)', ivaRet)
      .abono(cliente, `Nota de crédito ${label(doc)}`, total);
    return done('diario', doc.fecha, `Nota de crédito emitida ${label(doc)} a ${doc.rfcContraparte}`, b);
  }
  const proveedor = cuenta('proveedores', tercero);
  const gasto = cuentaGasto(doc, reglas);
  // A non-deductible expense's IVA is not acreditable: it is part of the expense.
  const noDeducible = doc.deducible === false;
  const gastoImporte = noDeducible ? neto.plus(iva).plus(ieps) : neto.plus(ieps);
  const ivaAcred = noDeducible ? ZERO : iva;
  if (doc.tipo === 'I') {
    b.cargo(gasto, `Gasto factura ${label(doc)}`, gastoImporte)
      .cargo(c.ivaAcreditablePendiente, 'IVA acreditable pendiente de pago', ivaAcred)
      .abono(c.isrRetenidoAProveedores, 'ISR retenido al proveedor', isr)
      .abono(c.ivaRetenidoAProveedores, 'IVA retenido al proveedor', ivaRet)
      .abono(proveedor, `Factura ${label(doc)}`, total);
    return done('diario', doc.fecha, `Factura recibida ${label(doc)} de ${doc.rfcContraparte}`, b);
  }
  b.cargo(proveedor, `Nota de crédito ${label(doc)}`, total)
    .cargo(c.isrRetenidoAProveedores, 'ISR retenido (nota de crédito)', isr)
    .cargo(c.ivaRetenidoAProveedores, 'IVA retenido (nota de crédito)', ivaRet)
    .abono(gasto, `Nota de crédito ${label(doc)}`, gastoImporte)
    .abono(c.ivaAcreditablePendiente, 'IVA de la nota de crédito', ivaAcred);
  return done('diario', doc.fecha, `Nota de crédito recibida ${label(doc)} de ${doc.rfcContraparte}`, b);
}

/**
 * A payroll receipt (tipo N, paid when stamped): sueldos and subsidio against the withholdings and the
 * bank. SubTotal = percepciones + otros pagos; Descuento = deducciones; Total = neto paid. The employer's
 * quotas are an expense of the same payroll owed to the IMSS / SAR / INFONAVIT until paid: each is a cargo and an
 * abono of the same amount, so they never unbalance the entry, and a receipt without them writes neither line.
 */
export function polizaDeNomina(doc: DocumentoContable, reglas: Reglas): Poliza {
  const c = reglas.cuentas;
  const subsidio = toDecimal(doc.subsidio || '0');
  const percepciones = toDecimal(doc.subtotal).minus(subsidio);
  const deducciones = toDecimal(doc.descuento);
  const isr = toDecimal(doc.isrRetenido);
  const imss = toDecimal(doc.nominaImss || '0');
  const otras = deducciones.minus(isr).minus(imss);
  const neto = toDecimal(doc.subtotal).minus(deducciones);
  const imssPatronal = toDecimal(doc.imssPatronal || '0');
  const sarPatronal = toDecimal(doc.sarPatronal || '0');
  const infonavitPatronal = toDecimal(doc.infonavitPatronal || '0');
  const b = new Builder([compNal(doc)]);
  b.cargo(c.sueldos, 'Sueldos y salarios', percepciones)
    .cargo(c.subsidioEmpleo, 'Subsidio al empleo pagado', subsidio)
    .cargo(c.imssPatronal, 'Cuotas patronales al IMSS', imssPatronal)
    .cargo(c.sarPatronal, 'Aportaciones patronales al SAR (retiro, cesantía y vejez)', sarPatronal)
    .cargo(c.infonavitPatronal, 'Aportaciones patronales al INFONAVIT', infonavitPatronal)
    .abono(c.isrRetenidoSueldos, 'ISR retenido por sueldos', isr)
    .abono(c.imssObrero, 'IMSS obrero retenido', imss)
    .abono(c.otrasDeduccionesNomina, 'Otras deducciones', otras)
    .abono(c.bancos, 'Pago de nómina', neto)
    .abono(c.imssPatronalPorPagar, 'IMSS patronal por pagar', imssPatronal)
    .abono(c.sarPorPagar, 'SAR (retiro, cesantía y vejez) por pagar', sarPatronal)
    .abono(c.infonavitPorPagar, 'INFONAVIT por pagar', infonavitPatronal);
  return done('egreso', doc.fecha, `Nómina ${label(doc)} a ${doc.rfcContraparte}`, b);
}

/**
 * A payment received (issued invoice) or made (received invoice): bank against the counterparty, and
 * the paid share of IVA moves from "no cobrado/pendiente" to "cobrado/pagado" (cash-basis IVA).
 */
export function polizaDePago(p: PagoContable, reglas: Reglas, cuenta: ResolverCuenta): Poliza {
  const c = reglas.cuentas;
  const iva = toDecimal(p.ivaMxn).toDecimalPlaces(2);
  const monto = toDecimal(p.baseMxn).plus(toDecimal(p.ivaMxn)).minus(toDecimal(p.isrRetenidoMxn)).minus(toDecimal(p.ivaRetenidoMxn)).toDecimalPlaces(2);
  const comprobantes: CompNal[] = [{ uuid: p.pagoUuid, rfc: p.rfcContraparte, montoTotal: toDecimal(p.montoPago).toFixed(2) }];
  if (p.docUuid !== p.pagoUuid) comprobantes.push({ uuid: p.docUuid, rfc: p.rfcContraparte, montoTotal: toDecimal(p.docTotal).toFixed(2) });
  const b = new Builder(comprobantes);
  const tercero = { rfc: p.rfcContraparte, nombre: p.nombreContraparte };
  if (p.direction === 'emitido') {
    b.cargo(p.cuentaBanco ?? c.bancos, 'Cobro', monto)
      .cargo(c.ivaTrasladadoNoCobrado, 'IVA trasladado cobrado', iva)
      .abono(cuenta('clientes', tercero), 'Cobro al cliente', monto)
      .abono(c.ivaTrasladadoCobrado, 'IVA trasladado cobrado', iva);
    return done('ingreso', p.fecha, `Cobro de ${p.rfcContraparte}`, b);
  }
  b.cargo(cuenta('proveedores', tercero), 'Pago al proveedor', monto)
    .cargo(c.ivaAcreditablePagado, 'IVA acreditable pagado', iva)
    .abono(p.cuentaBanco ?? c.bancos, 'Pago', monto)
    .abono(c.ivaAcreditablePendiente, 'IVA acreditable pagado', iva);
  return done('egreso', p.fecha, `Pago a ${p.rfcContraparte}`, b);
}

/** The reversing entry of a cancelled document's entry, dated in the month of the cancellation. */
export function polizaDeReversa(original: Poliza, fechaCancelacion: string, motivo: string): Poliza {
  const b = new Builder([]);
  b.lineas.push(...original.lineas.map((l) => ({ ...l, debe: l.haber, haber: l.debe, concepto: `Cancelación: ${l.concepto}`.slice(0, 200) })));
  return done('diario', fechaCancelacion, `${motivo}: ${original.concepto}`, b);
}

/** A bank movement with no CFDI behind it (issue 27's "sin CFDI"): signed importe, + deposit, − withdrawal. */
export interface MovimientoBancario {
  id: string;
  fecha: string;
  importe: string;
  descripcion: string;
  referencia?: string | null;
  /** The bank account's subaccount (per CLABE). */
  cuentaBanco: string;
}

/** A bank charge as statements word it (COMISION, COM., IVA COMISION, CUOTA/ANUALIDAD). */
export const esComisionBancaria = (descripcion: string): boolean =>
  /\bcomisi[oó]n|\bcom\.|\bcomis\b|\bcuota\b|\banualidad\b|\biva\s+com/i.test(descripcion.normalize('NFC'));

/**
 * The entry of a bank movement marked "sin CFDI" (decision 301): a charge goes to comisiones bancarias (the
 * statement is its receipt), any other withdrawal to the rule's retirosSinCfdi (non-deductible by default), a
 * deposit to the depositosSinCfdi suspense account until someone says what it was. No CompNal: there is no CFDI.
 */
export function polizaDeMovimiento(m: MovimientoBancario, reglas: Reglas): Poliza {
  const c = reglas.cuentas;
  const importe = toDecimal(m.importe).toDecimalPlaces(2);
  const b = new Builder([]);
  const ref = m.referencia ? ` (${m.referencia})` : '';
  if (importe.isPositive()) {
    b.cargo(m.cuentaBanco, `Depósito sin CFDI${ref}`, importe).abono(c.depositosSinCfdi, m.descripcion.slice(0, 200) || 'Depósito sin CFDI', importe);
    return done('ingreso', m.fecha, `Depósito sin CFDI: ${m.descripcion}`, b);
  }
  const cuenta = esComisionBancaria(m.descripcion) ? c.comisionesBancarias : c.retirosSinCfdi;
  b.cargo(cuenta, m.descripcion.slice(0, 200) || 'Retiro sin CFDI', importe).abono(m.cuentaBanco, `Retiro sin CFDI${ref}`, importe);
  return done('egreso', m.fecha, `Retiro sin CFDI: ${m.descripcion}`, b);
}
