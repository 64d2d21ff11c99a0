import { describe, type CatalogName } from '../../catalogs';
import { childElements, findChild, findChildren, type XmlElement } from '../../xml';
import { importeConLetra } from '../amount-in-words';
import { readDecimal } from './format';

/** Catalog description when the catalog has the key, the bare key otherwise. */
const label = (catalog: CatalogName, clave: string | undefined): string => (clave ? describe(catalog, clave) : '');

export interface TaxLine {
  kind: 'Traslado' | 'Retención';
  impuesto: string;
  tipoFactor: string;
  tasaOCuota: string;
  base: string;
  importe: string;
}

export interface ConceptoView {
  claveProdServ: string;
  noIdentificacion: string;
  cantidad: string;
  claveUnidad: string;
  unidad: string;
  descripcion: string;
  valorUnitario: string;
  descuento: string;
  importe: string;
  objetoImp: string;
  impuestos: TaxLine[];
  /** Predial, aduana and third-party data, as short printable lines. */
  extras: string[];
}

export interface RelacionadosView {
  tipoRelacion: string;
  uuids: string[];
}

/** Everything of the Comprobante node the printed representation shows, already described. */
export interface ComprobanteView {
  version: string;
  tipoDeComprobante: string;
  tipoClave: string;
  serie: string;
  folio: string;
  fecha: string;
  lugarExpedicion: string;
  moneda: string;
  monedaClave: string;
  tipoCambio: string;
  formaPago: string;
  metodoPago: string;
  condicionesDePago: string;
  exportacion: string;
  noCertificado: string;
  sello: string;
  subTotal: string;
  descuento: string;
  total: string;
  totalEnLetra: string;
  emisor: { rfc: string; nombre: string; regimenFiscal: string; facAtrAdquirente: string };
  receptor: {
    rfc: string;
    nombre: string;
    regimenFiscal: string;
    domicilioFiscal: string;
    usoCfdi: string;
    residenciaFiscal: string;
    numRegIdTrib: string;
  };
  informacionGlobal?: { periodicidad: string; meses: string; año: string };
  relacionados: RelacionadosView[];
  conceptos: ConceptoView[];
  /** Document-level tax summary (cfdi:Impuestos), grouped as SAT writes it. */
  impuestos: TaxLine[];
  totalTrasladados: string;
  totalRetenidos: string;
}

function taxLines(impuestos: XmlElement | undefined, ns: string): TaxLine[] {
  if (!impuestos) return [];
  const lines: TaxLine[] = [];
  const read = (group: string, item: string, kind: TaxLine['kind']) => {
    const parent = findChild(impuestos, ns, group);
    if (!parent) return;
    for (const t of findChildren(parent, ns, item)) {
      lines.push({
        kind,
        impuesto: label('c_Impuesto', t.attrs.get('Impuesto')),
        tipoFactor: t.attrs.get('TipoFactor') ?? '',
        tasaOCuota: t.attrs.get('TasaOCuota') ?? '',
        base: t.attrs.get('Base') ?? '',
        importe: t.attrs.get('Importe') ?? '',
      });
    }
  };
  read('Traslados', 'Traslado', 'Traslado');
  read('Retenciones', 'Retencion', 'Retención');
  return lines;
}

function conceptoExtras(c: XmlElement, ns: string): string[] {
  const extras: string[] = [];
  for (const child of childElements(c)) {
    if (child.ns !== ns) continue;
    if (child.local === 'ACuentaTerceros') {
      extras.push(`A cuenta de terceros: ${child.attrs.get('RfcACuentaTerceros') ?? ''} ${child.attrs.get('NombreACuentaTerceros') ?? ''}`.trim());
    } else if (child.local === 'InformacionAduanera') {
      extras.push(`Pedimento: ${child.attrs.get('NumeroPedimento') ?? ''}`);
    } else if (child.local === 'CuentaPredial') {
      extras.push(`Cuenta predial: ${child.attrs.get('Numero') ?? ''}`);
    } else if (child.local === 'Parte') {
      extras.push(`Parte: ${child.attrs.get('Cantidad') ?? ''} × ${child.attrs.get('Descripcion') ?? ''}`);
    }
  }
  return extras;
}

/** Reads a CFDI 4.0 (or 3.3) Comprobante into printable strings. */
export function readComprobanteView(root: XmlElement): ComprobanteView {
  const ns = root.ns;
  const a = (name: string) => root.attrs.get(name) ?? '';
  const emisor = findChild(root, ns, 'Emisor');
  const receptor = findChild(root, ns, 'Receptor');
  const global = findChild(root, ns, 'InformacionGlobal');
  const impuestos = findChild(root, ns, 'Impuestos');
  const conceptosNode = findChild(root, ns, 'Conceptos');
  const e = (node: XmlElement | undefined, name: string) => node?.attrs.get(name) ?? '';

  return {
    version: a('Version'),
    tipoDeComprobante: label('c_TipoDeComprobante', a('TipoDeComprobante')),
    tipoClave: a('TipoDeComprobante'),
    serie: a('Serie'),
    folio: a('Folio'),
    fecha: a('Fecha'),
    lugarExpedicion: a('LugarExpedicion'),
    moneda: label('c_Moneda', a('Moneda')),
    monedaClave: a('Moneda'),
    tipoCambio: a('TipoCambio'),
    formaPago: label('c_FormaPago', a('FormaPago')),
    metodoPago: label('c_MetodoPago', a('MetodoPago')),
    condicionesDePago: a('CondicionesDePago'),
    exportacion: label('c_Exportacion', a('Exportacion')),
    noCertificado: a('NoCertificado'),
    sello: a('Sello'),
    subTotal: a('SubTotal'),
    descuento: a('Descuento'),
    total: a('Total'),
    // XXX ("sin moneda", pagos and traslados) has no amount to spell out; nor has an unreadable Total.
    totalEnLetra: readDecimal(a('Total')) && a('Moneda') !== 'XXX' ? importeConLetra(a('Total'), a('Moneda') || 'MXN') : '',
    emisor: {
      rfc: e(emisor, 'Rfc'),
      nombre: e(emisor, 'Nombre'),
      regimenFiscal: label('c_RegimenFiscal', e(emisor, 'RegimenFiscal')),
      facAtrAdquirente: e(emisor, 'FacAtrAdquirente'),
    },
    receptor: {
      rfc: e(receptor, 'Rfc'),
      nombre: e(receptor, 'Nombre'),
      regimenFiscal: label('c_RegimenFiscal', e(receptor, 'RegimenFiscalReceptor')),
      domicilioFiscal: e(receptor, 'DomicilioFiscalReceptor'),
      usoCfdi: label('c_UsoCFDI', e(receptor, 'UsoCFDI')),
      residenciaFiscal: e(receptor, 'ResidenciaFiscal'),
      numRegIdTrib: e(receptor, 'NumRegIdTrib'),
    },
    informacionGlobal: global && {
      periodicidad: label('c_Periodicidad', e(global, 'Periodicidad')),
      meses: label('c_Meses', e(global, 'Meses')),
      año: e(global, 'Año'),
    },
    relacionados: findChildren(root, ns, 'CfdiRelacionados').map((g) => ({
      tipoRelacion: label('c_TipoRelacion', g.attrs.get('TipoRelacion')),
      uuids: findChildren(g, ns, 'CfdiRelacionado').map((r) => r.attrs.get('UUID') ?? ''),
    })),
    conceptos: (conceptosNode ? findChildren(conceptosNode, ns, 'Concepto') : []).map((c) => ({
      claveProdServ: e(c, 'ClaveProdServ'),
      noIdentificacion: e(c, 'NoIdentificacion'),
      cantidad: e(c, 'Cantidad'),
      claveUnidad: e(c, 'ClaveUnidad'),
      unidad: e(c, 'Unidad'),
      descripcion: e(c, 'Descripcion'),
      valorUnitario: e(c, 'ValorUnitario'),
      descuento: e(c, 'Descuento'),
      importe: e(c, 'Importe'),
      objetoImp: label('c_ObjetoImp', e(c, 'ObjetoImp')),
      impuestos: taxLines(findChild(c, ns, 'Impuestos'), ns),
      extras: conceptoExtras(c, ns),
    })),
    impuestos: taxLines(impuestos, ns),
    totalTrasladados: e(impuestos, 'TotalImpuestosTrasladados'),
    totalRetenidos: e(impuestos, 'TotalImpuestosRetenidos'),
  };
}
