/**
 * How each small SAT catalog is read. `fields` lists the columns in the order SAT's workbook and
 * phpcfdi's SQLite dump both use (phpcfdi maps the workbook positionally), so one definition serves
 * both sources. A `null` field is a column we do not ship.
 */
export type FieldKind =
  | 'text'
  /** "Sí"/"Si"/1 → true; anything else false. */
  | 'yes'
  /** "No"/""/0 → false; anything else ("Sí", "Opcional", a pattern) true. */
  | 'allows'
  | 'int'
  | 'date'
  /** "601, 603,606" → ["601", "603", "606"]. */
  | 'list'
  /** A decimal kept as text with 6 places, as SAT writes TasaOCuota. */
  | 'decimal6';

export interface FieldDef {
  key: string;
  kind: FieldKind;
  /** Left-pad with zeros to this width (SAT's workbook loses leading zeros). */
  pad?: number;
}

export interface SmallCatalogDef {
  /** Public catalog name (SAT's c_ name; nómina/retenciones duplicates get a prefix). */
  name: string;
  /** Table of the phpcfdi SQLite dump. */
  table: string;
  /** Workbook that holds it and the sheet name inside it. */
  workbook: 'cfdi' | 'nomina' | 'retenciones' | 'pagos';
  sheet: string;
  /** Header rows in the sheet after the row that starts with the catalog name (c_TasaOCuota has 2). */
  headerRows?: number;
  fields: (FieldDef | null)[];
  /** When the source has no description, use the clave as one. */
  descripcionFromClave?: boolean;
}

const t = (key: string, pad?: number): FieldDef => ({ key, kind: 'text', pad });
const f = (key: string, kind: FieldKind): FieldDef => ({ key, kind });
const vig = [f('vigenciaDesde', 'date'), f('vigenciaHasta', 'date')];
const basic = (name: string, table: string, pad?: number, workbook: SmallCatalogDef['workbook'] = 'cfdi'): SmallCatalogDef => ({
  name,
  table,
  workbook,
  sheet: name,
  fields: [t('clave', pad), t('descripcion'), ...vig],
});
const plain = (name: string, table: string, workbook: SmallCatalogDef['workbook'], pad?: number): SmallCatalogDef => ({
  name,
  table,
  workbook,
  sheet: name,
  fields: [t('clave', pad), t('descripcion')],
});

export const smallCatalogs: SmallCatalogDef[] = [
  // CFDI 4.0
  basic('c_Aduana', 'cfdi_40_aduanas', 2),
  {
    name: 'c_ClaveUnidad',
    table: 'cfdi_40_claves_unidades',
    workbook: 'cfdi',
    sheet: 'c_ClaveUnidad',
    // The long UNECE description and notes are left out: they are mostly boilerplate and would
    // quadruple the browser bundle. Nombre is what CFDI shows.
    fields: [t('clave'), t('descripcion'), null, null, ...vig, t('simbolo')],
  },
  {
    name: 'c_Estado',
    table: 'cfdi_40_estados',
    workbook: 'cfdi',
    sheet: 'c_Estado',
    fields: [t('clave'), t('pais'), t('descripcion'), ...vig],
  },
  basic('c_Exportacion', 'cfdi_40_exportaciones', 2),
  {
    name: 'c_FormaPago',
    table: 'cfdi_40_formas_pago',
    workbook: 'cfdi',
    sheet: 'c_FormaPago',
    fields: [
      t('clave', 2),
      t('descripcion'),
      f('bancarizado', 'yes'),
      f('requiereNumeroOperacion', 'yes'),
      f('permiteRfcBancoOrdenante', 'allows'),
      f('permiteCuentaOrdenante', 'allows'),
      t('patronCuentaOrdenante'),
      f('permiteRfcBancoBeneficiario', 'allows'),
      f('permiteCuentaBeneficiario', 'allows'),
      t('patronCuentaBeneficiario'),
      f('permiteTipoCadenaPago', 'allows'),
      f('permiteNombreBancoOrdenanteExtranjero', 'allows'),
      ...vig,
    ],
  },
  {
    name: 'c_Impuesto',
    table: 'cfdi_40_impuestos',
    workbook: 'cfdi',
    sheet: 'c_Impuesto',
    fields: [t('clave', 3), t('descripcion'), f('retencion', 'yes'), f('traslado', 'yes'), t('ambito'), ...vig],
  },
  {
    name: 'c_Localidad',
    table: 'cfdi_40_localidades',
    workbook: 'cfdi',
    sheet: 'c_Localidad',
    fields: [t('clave', 2), t('estado'), t('descripcion'), ...vig],
  },
  basic('c_Meses', 'cfdi_40_meses', 2),
  basic('c_MetodoPago', 'cfdi_40_metodos_pago'),
  {
    name: 'c_Moneda',
    table: 'cfdi_40_monedas',
    workbook: 'cfdi',
    sheet: 'c_Moneda',
    fields: [t('clave'), t('descripcion'), f('decimales', 'int'), f('porcentajeVariacion', 'int'), ...vig],
  },
  {
    name: 'c_Municipio',
    table: 'cfdi_40_municipios',
    workbook: 'cfdi',
    sheet: 'c_Municipio',
    fields: [t('clave', 3), t('estado'), t('descripcion'), ...vig],
  },
  basic('c_ObjetoImp', 'cfdi_40_objetos_impuestos', 2),
  {
    name: 'c_Pais',
    table: 'cfdi_40_paises',
    workbook: 'cfdi',
    sheet: 'c_Pais',
    fields: [
      t('clave'),
      t('descripcion'),
      t('formatoCodigoPostal'),
      t('formatoRegistroIdentidadTributaria'),
      t('validacionRegistroIdentidadTributaria'),
      t('agrupaciones'),
    ],
  },
  {
    name: 'c_PatenteAduanal',
    table: 'cfdi_40_patentes_aduanales',
    workbook: 'cfdi',
    sheet: 'c_PatenteAduanal',
    fields: [t('clave', 4), ...vig],
  },
  basic('c_Periodicidad', 'cfdi_40_periodicidades', 2),
  {
    name: 'c_RegimenFiscal',
    table: 'cfdi_40_regimenes_fiscales',
    workbook: 'cfdi',
    sheet: 'c_RegimenFiscal',
    fields: [t('clave'), t('descripcion'), f('fisica', 'yes'), f('moral', 'yes'), ...vig],
  },
  {
    name: 'c_TasaOCuota',
    table: 'cfdi_40_reglas_tasa_cuota',
    workbook: 'cfdi',
    sheet: 'c_TasaOCuota',
    headerRows: 2,
    fields: [
      t('tipo'),
      f('minimo', 'decimal6'),
      f('valor', 'decimal6'),
      t('impuesto'),
      t('factor'),
      f('traslado', 'yes'),
      f('retencion', 'yes'),
      ...vig,
    ],
  },
  {
    name: 'c_TipoDeComprobante',
    table: 'cfdi_40_tipos_comprobantes',
    workbook: 'cfdi',
    sheet: 'c_TipoDeComprobante',
    fields: [t('clave'), t('descripcion'), t('valorMaximo'), ...vig],
  },
  { name: 'c_TipoFactor', table: 'cfdi_40_tipos_factores', workbook: 'cfdi', sheet: 'c_TipoFactor', fields: [t('clave'), ...vig], descripcionFromClave: true },
  basic('c_TipoRelacion', 'cfdi_40_tipos_relaciones', 2),
  {
    name: 'c_UsoCFDI',
    table: 'cfdi_40_usos_cfdi',
    workbook: 'cfdi',
    sheet: 'c_UsoCFDI',
    fields: [t('clave'), t('descripcion'), f('fisica', 'yes'), f('moral', 'yes'), ...vig, f('regimenesReceptor', 'list')],
  },
  // Pagos 2.0
  plain('c_TipoCadenaPago', 'pagos_tipos_cadena_pago', 'pagos', 2),
  // Nómina 1.2
  {
    name: 'c_Banco',
    table: 'nomina_bancos',
    workbook: 'nomina',
    sheet: 'c_Banco',
    fields: [t('clave', 3), t('descripcion'), t('razonSocial'), ...vig],
  },
  {
    name: 'nomina:c_Estado',
    table: 'nomina_estados',
    workbook: 'nomina',
    sheet: 'c_Estado',
    fields: [t('clave'), t('pais'), t('descripcion'), ...vig],
  },
  plain('c_OrigenRecurso', 'nomina_origenes_recursos', 'nomina'),
  basic('c_PeriodicidadPago', 'nomina_periodicidades_pagos', 2, 'nomina'),
  basic('c_RiesgoPuesto', 'nomina_riesgos_puestos', undefined, 'nomina'),
  plain('c_TipoContrato', 'nomina_tipos_contratos', 'nomina', 2),
  basic('c_TipoDeduccion', 'nomina_tipos_deducciones', 3, 'nomina'),
  plain('c_TipoHoras', 'nomina_tipos_horas', 'nomina', 2),
  plain('c_TipoIncapacidad', 'nomina_tipos_incapacidades', 'nomina', 2),
  plain('c_TipoJornada', 'nomina_tipos_jornadas', 'nomina', 2),
  plain('c_TipoNomina', 'nomina_tipos_nominas', 'nomina'),
  basic('c_TipoOtroPago', 'nomina_tipos_otros_pagos', 3, 'nomina'),
  basic('c_TipoPercepcion', 'nomina_tipos_percepciones', 3, 'nomina'),
  basic('c_TipoRegimen', 'nomina_tipos_regimenes', 2, 'nomina'),
  // Retenciones 2.0
  {
    name: 'retenciones:c_CveRetenc',
    table: 'ret_20_claves_retencion',
    workbook: 'retenciones',
    sheet: 'c_CveRetenc',
    fields: [t('clave', 2), t('descripcion'), t('complemento'), ...vig],
  },
  {
    name: 'retenciones:c_Ejercicio',
    table: 'ret_20_ejercicios',
    workbook: 'retenciones',
    sheet: 'c_Ejercicio',
    fields: [t('clave'), null, ...vig],
    descripcionFromClave: true,
  },
  basic('retenciones:c_EntidadesFederativas', 'ret_20_entidades_federativas', 2, 'retenciones'),
  basic('retenciones:c_Pais', 'ret_20_paises', undefined, 'retenciones'),
  {
    name: 'retenciones:c_Periodicidad',
    table: 'ret_20_periodicidades',
    workbook: 'retenciones',
    sheet: 'c_Periodicidad',
    fields: [t('clave', 2), t('descripcion'), t('complemento'), ...vig],
  },
  basic('retenciones:c_Periodo', 'ret_20_periodos', 2, 'retenciones'),
  basic('retenciones:c_TipoContribuyenteSujetoRetencion', 'ret_20_tipos_contribuyentes', undefined, 'retenciones'),
  basic('retenciones:c_TipoDividendoOUtilidadDistribuida', 'ret_20_tipos_dividendos_utilidades', 2, 'retenciones'),
  basic('retenciones:c_TipoImpuesto', 'ret_20_tipos_impuestos', 2, 'retenciones'),
  {
    name: 'retenciones:c_TipoPagoRet',
    table: 'ret_20_tipos_pago_retencion',
    workbook: 'retenciones',
    sheet: 'c_TipoPagoRet',
    fields: [t('clave', 2), t('descripcion'), t('tipoImpuesto', 3), ...vig],
  },
];

/** The sheet name without a namespace prefix. */
export const sheetName = (def: SmallCatalogDef): string => def.sheet.replace(/^\w+:/, '');
