import {
  computeConcept, countDecimals, IMPUESTO, TaxRuleError, totalsFromConcepts, toDecimal,
  type ConceptAmounts, type ConceptAmountsInput, type DocumentTotals, type TaxInput,
} from '@facturo/cfdi/money';
import { currencyDecimals, ISR_RETENCION_PERSONA_MORAL, isIvaFronteriza, ivaFronterizaMessage, personaFromRfc } from '@facturo/cfdi/catalogs/browser';
import { OBSERVACIONES_MAX, type InvoiceBody } from '@facturo/contract';

/** SAT's público en general RFC: the receptor that needs InformacionGlobal (Anexo 20, CFDI40 global invoices). */
export const RFC_PUBLICO_GENERAL = 'XAXX010101000';
export { OBSERVACIONES_MAX };
/** t_Importe / cantidad: at most 6 decimals (cfdv40.xsd). */
export const MAX_DECIMALS = 6;

/** IVA traslado of a concept: one of SAT's rates, exento, or none. */
export type IvaChoice = '' | '0.160000' | '0.080000' | '0.000000' | 'Exento';

/** One concept as the form edits it: every amount a string exactly as typed. */
export interface ConceptForm {
  productId: number | null;
  claveProdServ: string;
  noIdentificacion: string;
  cantidad: string;
  claveUnidad: string;
  unidad: string;
  descripcion: string;
  valorUnitario: string;
  descuento: string;
  objetoImp: string;
  iva: IvaChoice;
  /** IEPS traslado: none, a tasa or a cuota (value in iepsValor). */
  ieps: '' | 'Tasa' | 'Cuota';
  iepsValor: string;
  /** Retención ISR tasa ('' = none), e.g. 0.100000 or 0.012500 (RESICO). */
  retIsr: string;
  /** Retención IVA tasa ('' = none), e.g. 0.106667 (two thirds) or 0.040000 (fletes). */
  retIva: string;
  cuentaPredial: string;
}

export interface RelatedForm {
  tipoRelacion: string;
  /** UUIDs separated by spaces, commas or new lines. */
  uuids: string;
}

/** The whole /invoicing/add form. Field names follow the API body so server errors land on the same paths. */
export interface InvoiceForm {
  version: '4.0' | '3.3';
  /** I Ingreso (an invoice) or E Egreso (a credit note: returns, discounts, bonuses on related invoices). */
  tipoDeComprobante: 'I' | 'E';
  clientId: string;
  usoCFDI: string;
  formaPago: string;
  metodoPago: 'PUE' | 'PPD';
  moneda: string;
  tipoCambio: string;
  serie: string;
  exportacion: string;
  informacionGlobal: { periodicidad: string; meses: string; anio: string };
  cfdiRelacionados: RelatedForm[];
  observaciones: string;
  conceptos: ConceptForm[];
}

export const emptyConcept = (): ConceptForm => ({
  productId: null, claveProdServ: '', noIdentificacion: '', cantidad: '1', claveUnidad: '', unidad: '', descripcion: '',
  valorUnitario: '', descuento: '', objetoImp: '02', iva: '0.160000', ieps: '', iepsValor: '', retIsr: '', retIva: '', cuentaPredial: '',
});

/** A new invoice: CFDI 4.0, PUE, pesos, one empty concept. */
export const emptyInvoice = (today = new Date()): InvoiceForm => ({
  version: '4.0', tipoDeComprobante: 'I', clientId: '', usoCFDI: '', formaPago: '', metodoPago: 'PUE', moneda: 'MXN', tipoCambio: '', serie: '', exportacion: '01',
  informacionGlobal: { periodicidad: '04', meses: String(today.getMonth() + 1).padStart(2, '0'), anio: String(today.getFullYear()) },
  cfdiRelacionados: [], observaciones: '', conceptos: [emptyConcept()],
});

/** The product of the tenant's catalogue a concept can start from (fields of /api/products). */
export interface ProductLike {
  id: number;
  claveProducto: string;
  claveUnidad: string;
  descripcionUnidad: string | null;
  descripcionProducto: string;
  valorUnitario: string;
  objetoImp: string;
  impuestos: { traslados: { impuesto: string; tipoFactor: string; tasaOCuota: string | null }[]; retenciones: { impuesto: string; tipoFactor: string; tasaOCuota: string | null }[] };
  cve_catastral: string | null;
}

/** Fills a concept from a catalogue product (its taxes become the concept's choices). */
export function conceptFromProduct(p: ProductLike, base: ConceptForm = emptyConcept()): ConceptForm {
  const iva = p.impuestos.traslados.find((t) => t.impuesto === IMPUESTO.IVA);
  const ieps = p.impuestos.traslados.find((t) => t.impuesto === IMPUESTO.IEPS);
  const retIsr = p.impuestos.retenciones.find((t) => t.impuesto === IMPUESTO.ISR);
  const retIva = p.impuestos.retenciones.find((t) => t.impuesto === IMPUESTO.IVA);
  const six = (v: string | null | undefined) => (v ? toDecimal(v).toFixed(6) : '');
  return {
    ...base,
    productId: p.id,
    claveProdServ: p.claveProducto,
    claveUnidad: p.claveUnidad,
    unidad: p.descripcionUnidad ?? '',
    descripcion: p.descripcionProducto,
    valorUnitario: p.valorUnitario,
    objetoImp: p.objetoImp,
    iva: !iva ? '' : iva.tipoFactor === 'Exento' ? 'Exento' : (six(iva.tasaOCuota) as IvaChoice),
    ieps: ieps && ieps.tipoFactor !== 'Exento' ? (ieps.tipoFactor as 'Tasa' | 'Cuota') : '',
    iepsValor: ieps?.tasaOCuota ?? '',
    retIsr: six(retIsr?.tasaOCuota),
    retIva: six(retIva?.tasaOCuota),
    cuentaPredial: p.cve_catastral ?? '',
  };
}

/** Whether a concept's ObjetoImp lets it carry taxes ('01', '03', '04' never do). */
export const carriesTaxes = (objetoImp: string) => !['01', '03', '04'].includes(objetoImp);

/** The concept's taxes as the engine and the API take them. */
export function conceptTaxes(c: ConceptForm): { traslados: TaxInput[]; retenciones: TaxInput[] } {
  if (!carriesTaxes(c.objetoImp)) return { traslados: [], retenciones: [] };
  const traslados: TaxInput[] = [];
  // IEPS first: it is part of the IVA base (art. 18 LIVA), the engine adds it when both are present.
  if (c.ieps) traslados.push({ impuesto: IMPUESTO.IEPS, tipoFactor: c.ieps, tasaOCuota: c.iepsValor.trim() });
  if (c.iva === 'Exento') traslados.push({ impuesto: IMPUESTO.IVA, tipoFactor: 'Exento' });
  else if (c.iva) traslados.push({ impuesto: IMPUESTO.IVA, tipoFactor: 'Tasa', tasaOCuota: c.iva });
  const retenciones: TaxInput[] = [];
  if (c.retIsr) retenciones.push({ impuesto: IMPUESTO.ISR, tipoFactor: 'Tasa', tasaOCuota: c.retIsr });
  if (c.retIva) retenciones.push({ impuesto: IMPUESTO.IVA, tipoFactor: 'Tasa', tasaOCuota: c.retIva });
  return { traslados, retenciones };
}

const trimmed = (v: string) => v.trim();
const orUndefined = (v: string) => (v.trim() ? v.trim() : undefined);

/** The engine's input for one concept (blank descuento left out). */
export function conceptAmountsInput(c: ConceptForm): ConceptAmountsInput {
  return { cantidad: trimmed(c.cantidad), valorUnitario: trimmed(c.valorUnitario), descuento: orUndefined(c.descuento), objetoImp: c.objetoImp, ...conceptTaxes(c) };
}

/** Live totals: per concept its amounts or the engine's Spanish message; document totals over the valid ones. */
export interface LiveTotals {
  decimals: number;
  conceptos: ({ ok: true; amounts: ConceptAmounts } | { ok: false; message: string | null })[];
  totals: DocumentTotals;
}

/**
 * Recomputes the invoice with the engine's money code (the same the server seals with): a concept still
 * being typed (no cantidad or valor) counts as nothing; one breaking a rule shows the engine's message.
 */
export function liveTotals(form: Pick<InvoiceForm, 'moneda' | 'conceptos'>): LiveTotals {
  let decimals = 2;
  try {
    decimals = currencyDecimals(form.moneda || 'MXN');
  } catch {
    // An unknown currency is reported on its field; totals keep the peso's decimals meanwhile.
  }
  const conceptos = form.conceptos.map((c): LiveTotals['conceptos'][number] => {
    if (!c.cantidad.trim() || !c.valorUnitario.trim()) return { ok: false, message: null };
    try {
      return { ok: true, amounts: computeConcept(conceptAmountsInput(c), decimals) };
    } catch (e) {
      return { ok: false, message: e instanceof TaxRuleError || e instanceof Error ? e.message : String(e) };
    }
  });
  const valid = conceptos.flatMap((c) => (c.ok ? [c.amounts] : []));
  return { decimals, conceptos, totals: totalsFromConcepts(valid, decimals) };
}

/** Splits "uuid1, uuid2\nuuid3" into upper-cased UUIDs. */
export const splitUuids = (text: string) => text.split(/[\s,;]+/).map((u) => u.trim().toUpperCase()).filter(Boolean);

/** The body of POST /api/invoice40 (and /api/invoice for 3.3, /api/preview*): amounts stay decimal strings. */
export function formToBody(form: InvoiceForm, publicoGeneral: boolean): InvoiceBody {
  const foreign = form.moneda !== 'MXN' && form.moneda !== 'XXX';
  return {
    clientId: Number(form.clientId),
    usoCFDI: form.usoCFDI,
    formaPago: form.formaPago,
    metodoPago: form.metodoPago,
    moneda: form.moneda,
    ...(foreign && form.tipoCambio.trim() ? { tipoCambio: form.tipoCambio.trim() } : {}),
    ...(form.serie.trim() ? { serie: form.serie.trim().toUpperCase() } : {}),
    tipoDeComprobante: form.tipoDeComprobante,
    exportacion: form.exportacion,
    ...(publicoGeneral && form.version === '4.0'
      ? { informacionGlobal: { periodicidad: form.informacionGlobal.periodicidad, meses: form.informacionGlobal.meses, año: form.informacionGlobal.anio } }
      : {}),
    ...(form.cfdiRelacionados.length
      ? { cfdiRelacionados: form.cfdiRelacionados.map((r) => ({ tipoRelacion: r.tipoRelacion, uuids: splitUuids(r.uuids) })) }
      : {}),
    ...(form.observaciones.trim() ? { observaciones: form.observaciones } : {}),
    conceptos: form.conceptos.map((c) => {
      const { traslados, retenciones } = conceptTaxes(c);
      return {
        ...(c.productId ? { productId: c.productId } : {}),
        claveProdServ: c.claveProdServ.trim(),
        ...(c.noIdentificacion.trim() ? { noIdentificacion: c.noIdentificacion.trim() } : {}),
        cantidad: c.cantidad.trim(),
        claveUnidad: c.claveUnidad.trim(),
        ...(c.unidad.trim() ? { unidad: c.unidad.trim() } : {}),
        descripcion: c.descripcion.trim(),
        valorUnitario: c.valorUnitario.trim(),
        ...(c.descuento.trim() ? { descuento: c.descuento.trim() } : {}),
        objetoImp: c.objetoImp,
        ...(traslados.length ? { traslados: traslados.map(({ impuesto, tipoFactor, tasaOCuota }) => ({ impuesto: impuesto as '002' | '003', tipoFactor, ...(tasaOCuota ? { tasaOCuota } : {}) })) } : {}),
        ...(retenciones.length ? { retenciones: retenciones.map(({ impuesto, tipoFactor, tasaOCuota }) => ({ impuesto, tipoFactor: tipoFactor as 'Tasa' | 'Cuota', tasaOCuota: tasaOCuota! })) } : {}),
        ...(c.cuentaPredial.trim() ? { cuentaPredial: c.cuentaPredial.trim() } : {}),
      };
    }),
  };
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** Checks of one amount field: a plain decimal, at most 6 decimals, positive when asked. */
function amountProblem(value: string, label: string, { positive = false, optional = false } = {}): string | null {
  const v = value.trim();
  if (!v) return optional ? null : `${label} es obligatorio`;
  if (!DECIMAL.test(v)) return `${label} debe ser un número decimal (sin comas ni símbolos)`;
  if (countDecimals(v) > MAX_DECIMALS) return `${label} admite como máximo ${MAX_DECIMALS} decimales`;
  if (positive && toDecimal(v).lte(0)) return `${label} debe ser mayor que cero`;
  return null;
}

/**
 * What the form can tell before anything is sent (the API repeats every check and adds SAT's): field
 * path → Spanish message. Paths are the body's, so the same places show server errors.
 */
export function draftProblems(
  form: InvoiceForm,
  opts: { publicoGeneral: boolean; usosAllowed: string[] | null; lugarExpedicion?: { cp: string; regionFronteriza: boolean } | null },
): Record<string, string> {
  const p: Record<string, string> = {};
  if (!form.clientId) p.clientId = 'Elige el cliente';
  if (!form.usoCFDI) p.usoCFDI = 'Elige el uso del CFDI';
  else if (opts.usosAllowed && !opts.usosAllowed.includes(form.usoCFDI)) p.usoCFDI = 'El uso del CFDI no aplica al régimen del cliente (CFDI40140)';
  if (!form.formaPago) p.formaPago = 'Elige la forma de pago';
  if (form.metodoPago === 'PPD' && form.formaPago && form.formaPago !== '99') p.formaPago = 'Con método PPD la forma de pago debe ser 99 - Por definir (CFDI40104)';
  if (form.moneda !== 'MXN' && form.moneda !== 'XXX') {
    const tc = amountProblem(form.tipoCambio, 'El tipo de cambio', { positive: true });
    if (tc) p.tipoCambio = tc;
  }
  if (form.observaciones.length > OBSERVACIONES_MAX) p.observaciones = `Las observaciones admiten como máximo ${OBSERVACIONES_MAX.toLocaleString('en-US')} caracteres`;
  if (opts.publicoGeneral && form.version === '4.0') {
    if (!form.informacionGlobal.periodicidad) p['informacionGlobal.periodicidad'] = 'Elige la periodicidad de la factura global';
    if (!form.informacionGlobal.meses) p['informacionGlobal.meses'] = 'Elige los meses de la factura global';
    if (!/^\d{4}$/.test(form.informacionGlobal.anio)) p['informacionGlobal.anio'] = 'Escribe el año de la factura global (4 dígitos)';
  }
  form.cfdiRelacionados.forEach((r, i) => {
    if (!r.tipoRelacion) p[`cfdiRelacionados.${i}.tipoRelacion`] = 'Elige el tipo de relación';
    const uuids = splitUuids(r.uuids);
    if (!uuids.length) p[`cfdiRelacionados.${i}.uuids`] = 'Escribe al menos un UUID relacionado';
    else if (uuids.some((u) => !/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/.test(u))) p[`cfdiRelacionados.${i}.uuids`] = 'Un UUID no tiene el formato de SAT (8-4-4-4-12)';
  });
  if (!form.conceptos.length) p.conceptos = 'Agrega al menos un concepto';
  form.conceptos.forEach((c, i) => {
    const at = (f: string) => `conceptos.${i}.${f}`;
    if (!/^\d{8}$/.test(c.claveProdServ.trim())) p[at('claveProdServ')] = 'La clave de producto o servicio tiene 8 dígitos';
    if (!c.claveUnidad.trim()) p[at('claveUnidad')] = 'Elige la clave de unidad';
    if (!c.descripcion.trim()) p[at('descripcion')] = 'Escribe la descripción';
    const cantidad = amountProblem(c.cantidad, 'La cantidad', { positive: true });
    if (cantidad) p[at('cantidad')] = cantidad;
    const valor = amountProblem(c.valorUnitario, 'El valor unitario');
    if (valor) p[at('valorUnitario')] = valor;
    const desc = amountProblem(c.descuento, 'El descuento', { optional: true });
    if (desc) p[at('descuento')] = desc;
    if (carriesTaxes(c.objetoImp) && ['02', '05'].includes(c.objetoImp) && !c.iva && !c.ieps && !c.retIsr && !c.retIva) {
      p[at('objetoImp')] = 'Con objeto de impuesto 02 el concepto debe llevar al menos un impuesto (CFDI40164)';
    }
    if (c.ieps) {
      const v = amountProblem(c.iepsValor, 'La tasa o cuota del IEPS');
      if (v) p[at('iepsValor')] = v;
    }
    // The engine's rule FAC24001, same words: 8 % only from a CP SAT marks as región fronteriza (issue 24).
    const lugar = opts.lugarExpedicion;
    if (lugar && !lugar.regionFronteriza && carriesTaxes(c.objetoImp) && isIvaFronteriza('002', 'Tasa', c.iva)) p[at('iva')] = ivaFronterizaMessage(lugar.cp);
  });
  return p;
}

/**
 * Warnings shown before "Timbrar" that do not block it (the API repeats them in `advertencias`): a persona moral
 * (12-character RFC) issuing with an ISR retention (engine rule FAC24002, issue 24).
 */
export function draftWarnings(form: Pick<InvoiceForm, 'tipoDeComprobante' | 'conceptos'>, emisorRfc: string): string[] {
  const isr = form.conceptos.some((c) => carriesTaxes(c.objetoImp) && c.retIsr);
  return isr && personaFromRfc(emisorRfc) === 'moral' ? [ISR_RETENCION_PERSONA_MORAL] : [];
}
