import { NS, isElement, type XmlElement } from '../xml';
import { attr, child, compact, kids, readAttrs, req } from './xml-util';
import { readNomina12, readPagos20, readTimbre } from './read-complements';
import type { Cfdi, Concepto, ConceptoImpuesto, Impuestos, Parte } from './types-cfdi';

/** The document is not a CFDI this reader understands; the message is Spanish and fit to show. */
export class CfdiReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CfdiReadError';
  }
}

const CFDI_NS = new Set<string>([NS.cfdi40, NS.cfdi33]);

/** CFDI 3.2 (same namespace as 3.3) spelled the type out; 3.3 and 4.0 use the c_TipoDeComprobante letter. */
const TIPO_32: Record<string, string> = { INGRESO: 'I', EGRESO: 'E', TRASLADO: 'T' };
const tipoDeComprobante = (value: string): string => {
  const upper = value.trim().toUpperCase();
  return TIPO_32[upper] ?? upper;
};

function conceptTax(e: XmlElement): ConceptoImpuesto {
  return readAttrs(e, ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota?', 'Importe?']);
}

const pedimentos = (e: XmlElement) => kids(e, 'InformacionAduanera').map((i) => req(i, 'NumeroPedimento'));

function parte(e: XmlElement): Parte {
  return compact({
    ...readAttrs(e, ['ClaveProdServ', 'NoIdentificacion?', 'Cantidad', 'Unidad?', 'Descripcion', 'ValorUnitario?', 'Importe?']),
    informacionAduanera: pedimentos(e),
  });
}

function concepto(e: XmlElement): Concepto {
  const imp = child(e, 'Impuestos');
  const terceros = child(e, 'ACuentaTerceros');
  const complemento = child(e, 'ComplementoConcepto');
  return compact({
    ...readAttrs(e, [
      'ClaveProdServ', 'NoIdentificacion?', 'Cantidad', 'ClaveUnidad', 'Unidad?', 'Descripcion', 'ValorUnitario', 'Importe',
      'Descuento?', 'ObjetoImp?',
    ]),
    traslados: kids(imp && child(imp, 'Traslados'), 'Traslado').map(conceptTax),
    retenciones: kids(imp && child(imp, 'Retenciones'), 'Retencion').map(conceptTax),
    aCuentaTerceros:
      terceros &&
      readAttrs(terceros, ['RfcACuentaTerceros', 'NombreACuentaTerceros', 'RegimenFiscalACuentaTerceros', 'DomicilioFiscalACuentaTerceros']),
    informacionAduanera: pedimentos(e),
    cuentaPredial: kids(e, 'CuentaPredial').map((c) => req(c, 'Numero')),
    partes: kids(e, 'Parte').map(parte),
    complementoConcepto: complemento?.children.find(isElement),
  });
}

function impuestos(e: XmlElement | undefined): Impuestos | undefined {
  if (!e) return undefined;
  return compact({
    totalImpuestosRetenidos: attr(e, 'TotalImpuestosRetenidos'),
    totalImpuestosTrasladados: attr(e, 'TotalImpuestosTrasladados'),
    retenciones: kids(child(e, 'Retenciones'), 'Retencion').map((r) => readAttrs(r, ['Impuesto', 'Importe'])),
    traslados: kids(child(e, 'Traslados'), 'Traslado').map((t) => readAttrs(t, ['Base?', 'Impuesto', 'TipoFactor', 'TasaOCuota?', 'Importe?'])),
  });
}

/**
 * Reads a parsed CFDI 4.0 or 3.3 into a typed view: header, emisor/receptor, concepts with their
 * taxes, Comprobante taxes, TFD, Pagos 2.0 and Nómina 1.2 when present; other complements stay as
 * XmlElement. Lenient on purpose (missing optional attributes, attribute-name case), since it indexes
 * documents other people issued; validation is a separate step.
 * @throws CfdiReadError when the root is not a cfdi:Comprobante of 3.3 or 4.0
 */
export function readCfdi(root: XmlElement): Cfdi {
  if (root.local !== 'Comprobante' || !CFDI_NS.has(root.ns)) {
    throw new CfdiReadError('El XML no es un CFDI (se esperaba cfdi:Comprobante versión 3.3 o 4.0)');
  }
  const complementos = kids(root, 'Complemento').flatMap((c) => c.children.filter(isElement));
  const tfd = complementos.find((c) => c.ns === NS.tfd && c.local === 'TimbreFiscalDigital');
  // Pagos 1.0 (CFDI 3.3) has the same shape minus taxes; TipoCambioDR meant what EquivalenciaDR means now.
  const pagos = complementos.find((c) => (c.ns === NS.pago20 || c.ns === NS.pago10) && c.local === 'Pagos');
  const nomina = complementos.find((c) => c.ns === NS.nomina12 && c.local === 'Nomina');
  const global = child(root, 'InformacionGlobal');
  const emisor = child(root, 'Emisor');
  const receptor = child(root, 'Receptor');
  if (!emisor || !receptor) throw new CfdiReadError('El CFDI no tiene Emisor o Receptor');
  return compact({
    version: attr(root, 'Version') ?? '',
    serie: attr(root, 'Serie'),
    folio: attr(root, 'Folio'),
    fecha: req(root, 'Fecha'),
    sello: attr(root, 'Sello'),
    formaPago: attr(root, 'FormaPago'),
    noCertificado: attr(root, 'NoCertificado'),
    certificado: attr(root, 'Certificado'),
    condicionesDePago: attr(root, 'CondicionesDePago'),
    subTotal: req(root, 'SubTotal'),
    descuento: attr(root, 'Descuento'),
    moneda: attr(root, 'Moneda') ?? 'MXN',
    tipoCambio: attr(root, 'TipoCambio'),
    total: req(root, 'Total'),
    tipoDeComprobante: tipoDeComprobante(req(root, 'TipoDeComprobante')),
    exportacion: attr(root, 'Exportacion'),
    metodoPago: attr(root, 'MetodoPago'),
    lugarExpedicion: req(root, 'LugarExpedicion'),
    confirmacion: attr(root, 'Confirmacion'),
    informacionGlobal: global && { periodicidad: req(global, 'Periodicidad'), meses: req(global, 'Meses'), año: req(global, 'Año') },
    cfdiRelacionados: kids(root, 'CfdiRelacionados').map((g) => ({
      tipoRelacion: req(g, 'TipoRelacion'),
      uuids: kids(g, 'CfdiRelacionado').map((r) => req(r, 'UUID').toUpperCase()),
    })),
    emisor: compact({
      rfc: req(emisor, 'Rfc').toUpperCase(),
      nombre: attr(emisor, 'Nombre'),
      regimenFiscal: req(emisor, 'RegimenFiscal'),
      facAtrAdquirente: attr(emisor, 'FacAtrAdquirente'),
    }),
    receptor: compact({
      rfc: req(receptor, 'Rfc').toUpperCase(),
      nombre: attr(receptor, 'Nombre'),
      domicilioFiscalReceptor: attr(receptor, 'DomicilioFiscalReceptor'),
      residenciaFiscal: attr(receptor, 'ResidenciaFiscal'),
      numRegIdTrib: attr(receptor, 'NumRegIdTrib'),
      regimenFiscalReceptor: attr(receptor, 'RegimenFiscalReceptor'),
      usoCFDI: req(receptor, 'UsoCFDI'),
    }),
    conceptos: kids(child(root, 'Conceptos'), 'Concepto').map(concepto),
    impuestos: impuestos(child(root, 'Impuestos')),
    complementos,
    timbre: tfd && readTimbre(tfd),
    pagos: pagos && readPagos20(pagos),
    nomina: nomina && readNomina12(nomina),
    addenda: child(root, 'Addenda'),
  });
}
