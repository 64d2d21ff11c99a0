import { NS, SCHEMA_LOCATION, type XmlElement } from '../xml';
import { computeConcept, currencyDecimals, totalsFromConcepts, type DocumentTotals } from '../money';
import { checkFecha } from './fecha';
import { declareComplements, node, type ExtraComplement } from './xml-util';
import { conceptoNode, impuestosNode, type ConceptoInput } from './build-conceptos';
import { buildPagos20, type PagoInput } from './build-pagos20';
import { buildNomina12, type NominaInput, type NominaTotals } from './build-nomina12';
import type { CfdiRelacionados, Emisor, InformacionGlobal, Receptor } from './types-cfdi';
import type { PagosAmounts } from '../money';

const C = NS.cfdi40;
const P = 'cfdi';

export type { ExtraComplement };

export interface Cfdi40Input {
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
  /** Default '01' (no export). */
  exportacion?: string;
  /** PUE/PPD; N defaults to PUE; never written for T and P. */
  metodoPago?: string;
  lugarExpedicion: string;
  confirmacion?: string;
  noCertificado?: string;
  certificado?: string;
  /** Normally empty here and set later by the sealer. */
  sello?: string;
  informacionGlobal?: InformacionGlobal;
  cfdiRelacionados?: CfdiRelacionados[];
  emisor: Emisor;
  receptor: Receptor;
  /** Required for I, E and T; ignored for P and N (their single concept is fixed by SAT). */
  conceptos?: ConceptoInput[];
  /** Required for P. */
  pagos?: PagoInput[];
  /** Required for N. */
  nomina?: NominaInput;
  complementos?: ExtraComplement[];
  /** Elements placed inside cfdi:Addenda. */
  addenda?: XmlElement[];
}

export interface BuiltCfdi40 {
  root: XmlElement;
  totals: DocumentTotals;
  pagos?: PagosAmounts;
  nomina?: NominaTotals;
}

const PAGO_CONCEPTO: ConceptoInput = {
  claveProdServ: '84111506',
  cantidad: '1',
  claveUnidad: 'ACT',
  descripcion: 'Pago',
  valorUnitario: '0',
  objetoImp: '01',
};

/**
 * Builds a CFDI 4.0 as an XmlElement tree: namespaced, in cfdv40.xsd order, amounts formatted with
 * the currency decimals and every total computed here (never trusted from the caller). Covers
 * Ingreso/Egreso/Traslado from concepts, Pago with Pagos 2.0 and Nómina with Nómina 1.2.
 * The result is unsealed: Sello/NoCertificado/Certificado are whatever the input gave.
 * @throws TaxRuleError or Error with a Spanish message on inconsistent input
 */
export function buildCfdi40(input: Cfdi40Input): BuiltCfdi40 {
  const tipo = input.tipoDeComprobante;
  checkFecha(input.fecha);
  const moneda = tipo === 'P' ? 'XXX' : (input.moneda ?? 'MXN');
  const decimals = currencyDecimals(moneda);
  if (moneda !== 'MXN' && moneda !== 'XXX' && !input.tipoCambio) {
    throw new Error(`Falta el tipo de cambio para la moneda ${moneda}`);
  }
  let conceptos: ConceptoInput[];
  let pagos: { element: XmlElement; amounts: PagosAmounts } | undefined;
  let nomina: { element: XmlElement; totals: NominaTotals } | undefined;

  if (tipo === 'P') {
    if (!input.pagos?.length) throw new Error('Un comprobante de pago necesita el complemento de pagos');
    pagos = buildPagos20(input.pagos);
    conceptos = [PAGO_CONCEPTO];
  } else if (tipo === 'N') {
    if (!input.nomina) throw new Error('Un comprobante de nómina necesita el complemento de nómina');
    nomina = buildNomina12(input.nomina);
    conceptos = [
      {
        claveProdServ: '84111505',
        cantidad: '1',
        claveUnidad: 'ACT',
        descripcion: 'Pago de nómina',
        valorUnitario: nomina.totals.subTotal,
        descuento: nomina.totals.descuento,
        objetoImp: '01',
      },
    ];
  } else {
    if (!input.conceptos?.length) throw new Error('El comprobante necesita al menos un concepto');
    conceptos = input.conceptos;
  }

  const amounts = conceptos.map((c) => computeConcept(tipo === 'T' ? { ...c, objetoImp: '01', traslados: [], retenciones: [] } : c, decimals));
  const totals = totalsFromConcepts(amounts, decimals);
  // Anexo 20: for T and P SubTotal and Total are 0 whatever the goods are worth.
  const zero = tipo === 'T' || tipo === 'P';
  const subTotal = zero ? '0' : totals.subTotal;
  const total = zero ? '0' : totals.total;
  const noPaymentInfo = tipo === 'T' || tipo === 'P';
  const formaPago = noPaymentInfo ? undefined : input.formaPago === null ? undefined : (input.formaPago ?? (tipo === 'N' ? '99' : undefined));
  const metodoPago = noPaymentInfo ? undefined : (input.metodoPago ?? (tipo === 'N' ? 'PUE' : undefined));

  const complements: XmlElement[] = [];
  const nsDecls: Record<string, string> = { cfdi: C, xsi: NS.xsi };
  const locations: string[] = [C, SCHEMA_LOCATION.cfdi40];
  if (pagos) {
    complements.push(pagos.element);
    nsDecls.pago20 = NS.pago20;
    locations.push(NS.pago20, SCHEMA_LOCATION.pago20);
  }
  if (nomina) {
    complements.push(nomina.element);
    nsDecls.nomina12 = NS.nomina12;
    locations.push(NS.nomina12, SCHEMA_LOCATION.nomina12);
  }
  complements.push(...(input.complementos ?? []).map((extra) => extra.element));
  declareComplements(input.complementos ?? [], nsDecls, locations);

  const g = input.informacionGlobal;
  const e = input.emisor;
  const r = input.receptor;
  const root = node(
    P,
    C,
    'Comprobante',
    [
      ['xsi:schemaLocation', locations.join(' ')],
      ['Version', '4.0'],
      ['Serie', input.serie],
      ['Folio', input.folio],
      ['Fecha', input.fecha],
      ['Sello', input.sello],
      ['FormaPago', formaPago],
      ['NoCertificado', input.noCertificado],
      ['Certificado', input.certificado],
      ['CondicionesDePago', input.condicionesDePago],
      ['SubTotal', subTotal],
      ['Descuento', zero ? undefined : totals.descuento],
      ['Moneda', moneda],
      ['TipoCambio', moneda === 'MXN' || moneda === 'XXX' ? undefined : input.tipoCambio],
      ['Total', total],
      ['TipoDeComprobante', tipo],
      ['Exportacion', input.exportacion ?? '01'],
      ['MetodoPago', metodoPago],
      ['LugarExpedicion', input.lugarExpedicion],
      ['Confirmacion', input.confirmacion],
    ],
    [
      g && node(P, C, 'InformacionGlobal', [['Periodicidad', g.periodicidad], ['Meses', g.meses], ['Año', g.año]]),
      ...(input.cfdiRelacionados ?? []).map((rel) =>
        node(P, C, 'CfdiRelacionados', [['TipoRelacion', rel.tipoRelacion]], rel.uuids.map((u) => node(P, C, 'CfdiRelacionado', [['UUID', u]]))),
      ),
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
      node(P, C, 'Conceptos', [], conceptos.map((c, i) => conceptoNode(c, amounts[i], decimals, tipo === 'T' ? '01' : (c.objetoImp ?? '02')))),
      tipo !== 'T' && tipo !== 'P' && impuestosNode(totals),
      complements.length > 0 && node(P, C, 'Complemento', [], complements),
      !!input.addenda?.length && node(P, C, 'Addenda', [], input.addenda),
    ],
  );
  for (const [prefix, uri] of Object.entries(nsDecls)) root.nsDecls.set(prefix, uri);
  return { root, totals, pagos: pagos?.amounts, nomina: nomina?.totals };
}
