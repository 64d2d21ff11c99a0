import type { XmlElement } from '../xml';
import type { Impuesto, TipoFactor } from '../money';
import type { Pagos } from './types-pagos';
import type { Nomina } from './types-nomina';

/**
 * Typed view of a CFDI (4.0 or 3.3) as read from XML. Attribute names follow Anexo 20 in
 * lowerCamelCase; every amount is the decimal string as written (never a JS number), so reading and
 * writing back never changes a digit.
 */
export interface Cfdi {
  version: string;
  serie?: string;
  folio?: string;
  fecha: string;
  sello?: string;
  formaPago?: string;
  noCertificado?: string;
  certificado?: string;
  condicionesDePago?: string;
  subTotal: string;
  descuento?: string;
  moneda: string;
  tipoCambio?: string;
  total: string;
  tipoDeComprobante: string;
  exportacion?: string;
  metodoPago?: string;
  lugarExpedicion: string;
  confirmacion?: string;
  informacionGlobal?: InformacionGlobal;
  /** 4.0 allows several groups; 3.3 had one. */
  cfdiRelacionados: CfdiRelacionados[];
  emisor: Emisor;
  receptor: Receptor;
  conceptos: Concepto[];
  impuestos?: Impuestos;
  /** Every element inside cfdi:Complemento, in order, as parsed (known ones also typed below). */
  complementos: XmlElement[];
  timbre?: TimbreFiscalDigital;
  pagos?: Pagos;
  nomina?: Nomina;
  addenda?: XmlElement;
}

export interface InformacionGlobal {
  periodicidad: string;
  meses: string;
  año: string;
}

export interface CfdiRelacionados {
  tipoRelacion: string;
  uuids: string[];
}

export interface Emisor {
  rfc: string;
  nombre?: string;
  regimenFiscal: string;
  facAtrAdquirente?: string;
}

export interface Receptor {
  rfc: string;
  nombre?: string;
  domicilioFiscalReceptor?: string;
  residenciaFiscal?: string;
  numRegIdTrib?: string;
  regimenFiscalReceptor?: string;
  usoCFDI: string;
}

/** A tax line of a concept (Base always present in 3.3/4.0 concept taxes). */
export interface ConceptoImpuesto {
  base: string;
  impuesto: Impuesto | string;
  tipoFactor: TipoFactor | string;
  tasaOCuota?: string;
  importe?: string;
}

export interface ACuentaTerceros {
  rfcACuentaTerceros: string;
  nombreACuentaTerceros: string;
  regimenFiscalACuentaTerceros: string;
  domicilioFiscalACuentaTerceros: string;
}

/** The attributes of cfdi:Parte a caller writes and a reader gets back alike. */
export interface ParteFields {
  claveProdServ: string;
  noIdentificacion?: string;
  cantidad: string;
  unidad?: string;
  descripcion: string;
  valorUnitario?: string;
}

export interface Parte extends ParteFields {
  importe?: string;
  informacionAduanera: string[];
}

export interface Concepto {
  claveProdServ: string;
  noIdentificacion?: string;
  cantidad: string;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  valorUnitario: string;
  importe: string;
  descuento?: string;
  /** 4.0 only. */
  objetoImp?: string;
  traslados: ConceptoImpuesto[];
  retenciones: ConceptoImpuesto[];
  aCuentaTerceros?: ACuentaTerceros;
  /** NumeroPedimento values. */
  informacionAduanera: string[];
  /** CuentaPredial Numero values (4.0 allows several, 3.3 one). */
  cuentaPredial: string[];
  partes: Parte[];
  complementoConcepto?: XmlElement;
}

export interface ImpuestoTraslado {
  /** Absent in 3.3. */
  base?: string;
  impuesto: Impuesto | string;
  tipoFactor: TipoFactor | string;
  tasaOCuota?: string;
  importe?: string;
}

export interface ImpuestoRetencion {
  impuesto: Impuesto | string;
  importe: string;
}

export interface Impuestos {
  totalImpuestosRetenidos?: string;
  totalImpuestosTrasladados?: string;
  retenciones: ImpuestoRetencion[];
  traslados: ImpuestoTraslado[];
}

/** TimbreFiscalDigital 1.1 (1.0's lowercase attributes are read into the same fields). */
export interface TimbreFiscalDigital {
  version: string;
  uuid: string;
  fechaTimbrado: string;
  rfcProvCertif?: string;
  leyenda?: string;
  selloCFD: string;
  noCertificadoSAT: string;
  selloSAT: string;
  /** The parsed element, for seal/cadena checks that need the exact node. */
  element: XmlElement;
}
