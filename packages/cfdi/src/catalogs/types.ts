/** Fields every catalog entry has. Dates are ISO `YYYY-MM-DD`; an absent vigenciaHasta means still in force. */
export interface CatalogEntry {
  clave: string;
  descripcion: string;
  vigenciaDesde?: string;
  vigenciaHasta?: string;
}

export type Persona = 'fisica' | 'moral';

export interface EstadoEntry extends CatalogEntry {
  /** c_Pais of the estado: MEX, USA or CAN. */
  pais: string;
}
export interface MunicipioEntry extends CatalogEntry {
  estado: string;
}
export type LocalidadEntry = MunicipioEntry;
export interface UnidadEntry extends CatalogEntry {
  simbolo?: string;
}
export interface FormaPagoEntry extends CatalogEntry {
  bancarizado: boolean;
  requiereNumeroOperacion: boolean;
  permiteRfcBancoOrdenante: boolean;
  permiteCuentaOrdenante: boolean;
  patronCuentaOrdenante?: string;
  permiteRfcBancoBeneficiario: boolean;
  permiteCuentaBeneficiario: boolean;
  patronCuentaBeneficiario?: string;
  permiteTipoCadenaPago: boolean;
  permiteNombreBancoOrdenanteExtranjero: boolean;
}
export interface ImpuestoEntry extends CatalogEntry {
  retencion: boolean;
  traslado: boolean;
  ambito?: string;
}
export interface MonedaEntry extends CatalogEntry {
  decimales: number;
  /** Maximum % the TipoCambio may differ from the published rate. */
  porcentajeVariacion: number;
}
export interface PaisEntry extends CatalogEntry {
  formatoCodigoPostal?: string;
  formatoRegistroIdentidadTributaria?: string;
  validacionRegistroIdentidadTributaria?: string;
  agrupaciones?: string;
}
export interface RegimenFiscalEntry extends CatalogEntry {
  fisica: boolean;
  moral: boolean;
}
export interface UsoCfdiEntry extends RegimenFiscalEntry {
  /** c_RegimenFiscal claves the receptor may have for this uso. */
  regimenesReceptor: string[];
}
export interface TipoDeComprobanteEntry extends CatalogEntry {
  valorMaximo?: string;
}
/**
 * One row of c_TasaOCuota. SAT's sheet has no clave: `clave` is the value ("0.160000") or the
 * range ("0.000000-0.160000"), `impuesto` is the c_Impuesto clave (the sheet names it "IVA").
 */
export interface TasaOCuotaEntry extends CatalogEntry {
  tipo: 'fijo' | 'rango';
  /** Lower bound for a range; equals maximo for a fixed value. Six decimals, as SAT writes it. */
  minimo: string;
  maximo: string;
  impuesto: string;
  /** Name as SAT's sheet writes it, e.g. "IVA Crédito aplicado del 50%". */
  nombreImpuesto: string;
  factor: 'Tasa' | 'Cuota';
  traslado: boolean;
  retencion: boolean;
}
export interface BancoEntry extends CatalogEntry {
  razonSocial?: string;
}
export interface ComplementoEntry extends CatalogEntry {
  complemento?: string;
}
export interface TipoPagoRetEntry extends CatalogEntry {
  tipoImpuesto?: string;
}

/** Entry type of every small catalog, by name. */
export interface CatalogEntryMap {
  c_Aduana: CatalogEntry;
  c_ClaveUnidad: UnidadEntry;
  c_Estado: EstadoEntry;
  c_Exportacion: CatalogEntry;
  c_FormaPago: FormaPagoEntry;
  c_Impuesto: ImpuestoEntry;
  c_Localidad: LocalidadEntry;
  c_Meses: CatalogEntry;
  c_MetodoPago: CatalogEntry;
  c_Moneda: MonedaEntry;
  c_Municipio: MunicipioEntry;
  c_ObjetoImp: CatalogEntry;
  c_Pais: PaisEntry;
  c_PatenteAduanal: CatalogEntry;
  c_Periodicidad: CatalogEntry;
  c_RegimenFiscal: RegimenFiscalEntry;
  c_TasaOCuota: TasaOCuotaEntry;
  c_TipoDeComprobante: TipoDeComprobanteEntry;
  c_TipoFactor: CatalogEntry;
  c_TipoRelacion: CatalogEntry;
  c_UsoCFDI: UsoCfdiEntry;
  c_TipoCadenaPago: CatalogEntry;
  c_Banco: BancoEntry;
  'nomina:c_Estado': EstadoEntry;
  c_OrigenRecurso: CatalogEntry;
  c_PeriodicidadPago: CatalogEntry;
  c_RiesgoPuesto: CatalogEntry;
  c_TipoContrato: CatalogEntry;
  c_TipoDeduccion: CatalogEntry;
  c_TipoHoras: CatalogEntry;
  c_TipoIncapacidad: CatalogEntry;
  c_TipoJornada: CatalogEntry;
  c_TipoNomina: CatalogEntry;
  c_TipoOtroPago: CatalogEntry;
  c_TipoPercepcion: CatalogEntry;
  c_TipoRegimen: CatalogEntry;
  'retenciones:c_CveRetenc': ComplementoEntry;
  'retenciones:c_Ejercicio': CatalogEntry;
  'retenciones:c_EntidadesFederativas': CatalogEntry;
  'retenciones:c_Pais': CatalogEntry;
  'retenciones:c_Periodicidad': ComplementoEntry;
  'retenciones:c_Periodo': CatalogEntry;
  'retenciones:c_TipoContribuyenteSujetoRetencion': CatalogEntry;
  'retenciones:c_TipoDividendoOUtilidadDistribuida': CatalogEntry;
  'retenciones:c_TipoImpuesto': CatalogEntry;
  'retenciones:c_TipoPagoRet': TipoPagoRetEntry;
}

/**
 * A small catalog's name: SAT's own `c_` name. Nómina's copy of c_Estado is `nomina:c_Estado`,
 * and the Retenciones 2.0 catalogs are prefixed `retenciones:` (several clash with CFDI names).
 */
export type CatalogName = keyof CatalogEntryMap;
