import { NS, SCHEMA_LOCATION, type XmlElement } from '../xml';
import { computeConcept, currencyDecimals, totalsFromConcepts, type DocumentTotals } from '../money';
import { checkFecha } from './fecha';
import { declareComplements, node, type ExtraComplement } from './xml-util';
import { conceptoNode, impuestosNode, type ConceptoInput } from './build-conceptos';
import { buildNomina12, type NominaInput, type NominaTotals } from './build-nomina12';
import type { CfdiDialect } from './dialect';
import type { Emisor, Receptor } from './types-cfdi';

const P = 'cfdi';

/** The Comprobante fields CFDI 3.3 and 4.0 share, with the same meaning and rules. */
export interface ComprobanteCommonInput {
  tipoDeComprobante: 'I' | 'E' | 'T' | 'P' | 'N';
  serie?: string;
  folio?: string;
  /** "YYYY-MM-DDTHH:mm:ss", local time of LugarExpedicion (see formatFecha). */
  fecha: string;
  /** For N defaults to '99'; pass null to leave it out. Never written for T and P. */
  formaPago?: string | null;
  condicionesDePago?: string;
  /** Default MXN (XXX for P, where it is forced). */
  moneda?: string;
  tipoCambio?: string;
  /** PUE/PPD; N defaults to PUE; never written for T and P. */
  metodoPago?: string;
  lugarExpedicion: string;
  confirmacion?: string;
  noCertificado?: string;
  certificado?: string;
  /** Normally empty here and set later by the sealer. */
  sello?: string;
  /** Required for I, E and T; ignored for P and N (their single concept is fixed by SAT). */
  conceptos?: ConceptoInput[];
  /** Required for N. */
  nomina?: NominaInput;
  complementos?: ExtraComplement[];
  /** Elements placed inside cfdi:Addenda. */
  addenda?: XmlElement[];
}

/** A complement a version-specific builder made (Pagos 1.0 or 2.0) with its namespace and schema. */
export interface BuiltComplement {
  element: XmlElement;
  prefix: string;
  ns: string;
  schemaLocation: string;
}

/** What differs between versions, handed to assembleComprobante by buildCfdi40/buildCfdi33. */
export interface ComprobanteParts {
  dialect: CfdiDialect;
  input: ComprobanteCommonInput;
  /** Emisor and Receptor already reduced to the attributes this version has. */
  emisor: Emisor;
  receptor: Receptor;
  /** The Pagos complement, required for tipo P. */
  pagos?: BuiltComplement;
  /** Attributes written right after TipoDeComprobante (4.0's Exportacion). */
  afterTipo: [string, string | undefined][];
  /** Children placed before Emisor (InformacionGlobal, CfdiRelacionados). */
  head: (XmlElement | undefined | false)[];
  /** ObjetoImp for a concept (undefined in 3.3, which has no such attribute). */
  objetoImp: (c: ConceptoInput, tipo: string) => string | undefined;
}

export interface AssembledComprobante {
  root: XmlElement;
  totals: DocumentTotals;
  nomina?: NominaTotals;
}

/** SAT's fixed concept of a payment receipt (Anexo 20 / Guía de llenado del complemento de pagos). */
export const PAGO_CONCEPTO: ConceptoInput = {
  claveProdServ: '84111506',
  cantidad: '1',
  claveUnidad: 'ACT',
  descripcion: 'Pago',
  valorUnitario: '0',
  objetoImp: '01',
};

function nominaConcepto(totals: NominaTotals): ConceptoInput {
  return {
    claveProdServ: '84111505',
    cantidad: '1',
    claveUnidad: 'ACT',
    descripcion: 'Pago de nómina',
    valorUnitario: totals.subTotal,
    descuento: totals.descuento,
    objetoImp: '01',
  };
}

/**
 * Builds a Comprobante tree with the rules 3.3 and 4.0 share: concepts and totals computed by
 * money/, SubTotal/Total 0 for T and P, no payment data for T and P, Nómina's fixed concept, and
 * complements declared on the root. The version-specific bits come in `parts`.
 * @throws TaxRuleError or Error with a Spanish message on inconsistent input
 */
export function assembleComprobante(parts: ComprobanteParts): AssembledComprobante {
  const { input, dialect } = parts;
  const C = dialect.ns;
  const tipo = input.tipoDeComprobante;
  checkFecha(input.fecha);
  const moneda = tipo === 'P' ? 'XXX' : (input.moneda ?? 'MXN');
  const decimals = currencyDecimals(moneda);
  if (moneda !== 'MXN' && moneda !== 'XXX' && !input.tipoCambio) {
    throw new Error(`Falta el tipo de cambio para la moneda ${moneda}`);
  }
  let conceptos: ConceptoInput[];
  let nomina: { element: XmlElement; totals: NominaTotals } | undefined;
  if (tipo === 'P') {
    if (!parts.pagos) throw new Error('Un comprobante de pago necesita el complemento de pagos');
    conceptos = [PAGO_CONCEPTO];
  } else if (tipo === 'N') {
    if (!input.nomina) throw new Error('Un comprobante de nómina necesita el complemento de nómina');
    nomina = buildNomina12(input.nomina);
    conceptos = [nominaConcepto(nomina.totals)];
  } else {
    if (!input.conceptos?.length) throw new Error('El comprobante necesita al menos un concepto');
    conceptos = input.conceptos;
  }

  const amounts = conceptos.map((c) => computeConcept(tipo === 'T' ? { ...c, objetoImp: '01', traslados: [], retenciones: [] } : c, decimals));
  const totals = totalsFromConcepts(amounts, decimals);
  // Anexo 20: for T and P SubTotal and Total are 0 whatever the goods are worth, and there is no
  // FormaPago/MetodoPago because nothing is being paid by this document.
  const zero = tipo === 'T' || tipo === 'P';
  const formaPago = zero ? undefined : input.formaPago === null ? undefined : (input.formaPago ?? (tipo === 'N' ? '99' : undefined));
  const metodoPago = zero ? undefined : (input.metodoPago ?? (tipo === 'N' ? 'PUE' : undefined));

  const complements: XmlElement[] = [];
  const nsDecls: Record<string, string> = { cfdi: C, xsi: NS.xsi };
  const locations: string[] = [C, dialect.schemaLocation];
  const add = (c: BuiltComplement) => {
    complements.push(c.element);
    nsDecls[c.prefix] = c.ns;
    locations.push(c.ns, c.schemaLocation);
  };
  if (parts.pagos) add(parts.pagos);
  if (nomina) add({ element: nomina.element, prefix: 'nomina12', ns: NS.nomina12, schemaLocation: SCHEMA_LOCATION.nomina12 });
  complements.push(...(input.complementos ?? []).map((extra) => extra.element));
  declareComplements(input.complementos ?? [], nsDecls, locations);

  const e = parts.emisor;
  const r = parts.receptor;
  const root = node(
    P,
    C,
    'Comprobante',
    [
      ['xsi:schemaLocation', locations.join(' ')],
      ['Version', dialect.version],
      ['Serie', input.serie],
      ['Folio', input.folio],
      ['Fecha', input.fecha],
      ['Sello', input.sello],
      ['FormaPago', formaPago],
      ['NoCertificado', input.noCertificado],
      ['Certificado', input.certificado],
      ['CondicionesDePago', input.condicionesDePago],
      ['SubTotal', zero ? '0' : totals.subTotal],
      ['Descuento', zero ? undefined : totals.descuento],
      ['Moneda', moneda],
      ['TipoCambio', moneda === 'MXN' || moneda === 'XXX' ? undefined : input.tipoCambio],
      ['Total', zero ? '0' : totals.total],
      ['TipoDeComprobante', tipo],
      ...parts.afterTipo,
      ['MetodoPago', metodoPago],
      ['LugarExpedicion', input.lugarExpedicion],
      ['Confirmacion', input.confirmacion],
    ],
    [
      ...parts.head,
      node(P, C, 'Emisor', [['Rfc', e.rfc], ['Nombre', e.nombre], ['RegimenFiscal', e.regimenFiscal], ['FacAtrAdquirente', e.facAtrAdquirente]]),
      node(P, C, 'Receptor', [
        ['Rfc', r.rfc],
        ['Nombre', r.nombre],
        ['DomicilioFiscalReceptor', r.domicilioFiscalReceptor],
        ['ResidenciaFiscal', r.residenciaFiscal],
        ['NumRegIdTrib', r.numRegIdTrib],
        ['RegimenFiscalReceptor', r.regimenFiscalReceptor],
        ['UsoCFDI', r.usoCFDI],
      ]),
      node(P, C, 'Conceptos', [], conceptos.map((c, i) => conceptoNode(c, amounts[i], decimals, parts.objetoImp(c, tipo), dialect))),
      !zero && impuestosNode(totals, dialect),
      complements.length > 0 && node(P, C, 'Complemento', [], complements),
      !!input.addenda?.length && node(P, C, 'Addenda', [], input.addenda),
    ],
  );
  for (const [prefix, uri] of Object.entries(nsDecls)) root.nsDecls.set(prefix, uri);
  return { root, totals, nomina: nomina?.totals };
}
