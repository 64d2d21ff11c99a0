import { z } from 'zod';

/**
 * Issue 29 §1: import and export of customers, products and employees from CSV and XLSX. The columns below are
 * the contract of the template, of the preview's error positions and of the export (an exported file imports
 * back unchanged). Each row is validated by the same zod schema as its form (clients.ts, products.ts,
 * employees.ts) plus the API's catalog checks.
 */

export const BULK_ENTITIES = ['clientes', 'productos', 'empleados'] as const;
export type BulkEntity = (typeof BULK_ENTITIES)[number];
export const BULK_FORMATS = ['xlsx', 'csv'] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

/** Above this many valid rows a confirmed import runs as a background job with live progress. */
export const BULK_SYNC_LIMIT = 500;
/** Rows one file may carry (the header not counted). */
export const BULK_MAX_ROWS = 20_000;
export const BULK_MAX_FILE_BYTES = 10 * 1024 * 1024;

export interface BulkColumn {
  /** Stable key the API maps to the form's field. */
  key: string;
  /** The header as the template writes it (matched without regard to case or accents). */
  header: string;
  /** The template's example row. */
  example: string;
  required: boolean;
  /** What the column takes, shown under the upload box. */
  help?: string;
}

const col = (key: string, header: string, example: string, required: boolean, help?: string): BulkColumn =>
  ({ key, header, example, required, ...(help ? { help } : {}) });

/** Customers: re-importing updates the customer with the same RFC (a foreign one: same país + NumRegIdTrib). */
const clientColumns: BulkColumn[] = [
  col('rfc', 'RFC', 'EKU9003173C9', true),
  col('r_social', 'Razón social', 'ESCUELA KEMPER URGATE', true, 'Como en su constancia, sin el régimen capital (SA DE CV)'),
  col('regimen', 'Régimen fiscal', '601', true, 'Clave del catálogo c_RegimenFiscal'),
  col('uso_cfdi', 'Uso CFDI', 'G03', true, 'Clave del catálogo c_UsoCFDI'),
  col('cp', 'Código postal', '26015', false, 'Obligatorio salvo RFC genérico'),
  col('email', 'Correos', 'pagos@ejemplo.mx', false, 'Separados por punto y coma'),
  col('pais', 'País', '', false, 'Solo clientes extranjeros (XEXX010101000)'),
  col('num_reg_id_trib', 'Registro tributario extranjero', '', false, 'Solo clientes extranjeros'),
];

/** Products: re-importing updates the product with the same SKU. */
const productColumns: BulkColumn[] = [
  col('sku', 'SKU', 'SERV-001', true, 'Tu clave interna del producto; identifica el producto al volver a importar'),
  col('claveProducto', 'Clave producto/servicio', '81111500', true, '8 dígitos del catálogo c_ClaveProdServ'),
  col('claveUnidad', 'Clave unidad', 'E48', true, 'Catálogo c_ClaveUnidad'),
  col('descripcionUnidad', 'Unidad', 'Servicio', false),
  col('descripcionProducto', 'Descripción', 'Desarrollo de software a la medida', true),
  col('valorUnitario', 'Valor unitario', '1500.00', true, 'Sin signo de pesos ni comas'),
  col('objetoImp', 'Objeto de impuesto', '02', true, 'Catálogo c_ObjetoImp'),
  col('iva', 'IVA trasladado', '0.160000', false, 'Tasa (0.160000, 0.080000, 0) o Exento'),
  col('ieps', 'IEPS trasladado', '', false, 'Tasa, "Cuota 1.5" o Exento'),
  col('isr_ret', 'ISR retenido', '', false, 'Tasa, por ejemplo 0.100000'),
  col('iva_ret', 'IVA retenido', '', false, 'Tasa, por ejemplo 0.106667'),
  col('cve_catastral', 'Cuenta predial', '', false),
];

/** Employees: re-importing updates the employee with the same número de empleado (their concepts are kept). */
const employeeColumns: BulkColumn[] = [
  col('no_empleado', 'Número de empleado', '0001', true),
  col('rfc', 'RFC', 'XOJI740919U48', true),
  col('curp', 'CURP', 'XEXX010101HNEXXXA4', true),
  col('nss', 'NSS', '', false, '11 dígitos'),
  col('nombre', 'Nombre', 'INGRID', true),
  col('apellido_paterno', 'Apellido paterno', 'XOCHITL', true),
  col('apellido_materno', 'Apellido materno', 'CASAS', false),
  col('puesto', 'Puesto', 'Analista', false),
  col('departamento', 'Departamento', 'Administración', false),
  col('fecha_inicio', 'Fecha de inicio', '2024-01-15', true, 'AAAA-MM-DD'),
  col('tipo_contrato', 'Tipo de contrato', '01', true, 'Catálogo c_TipoContrato'),
  col('tipo_jornada', 'Tipo de jornada', '01', false, 'Catálogo c_TipoJornada'),
  col('tipo_regimen', 'Tipo de régimen', '02', true, 'Catálogo c_TipoRegimen'),
  col('periodo', 'Periodicidad de pago', '04', true, 'Catálogo c_PeriodicidadPago'),
  col('riesgo_puesto', 'Riesgo del puesto', '1', false, 'Catálogo c_RiesgoPuesto'),
  col('banco', 'Banco', '', false, 'Catálogo c_Banco'),
  col('cuenta_bancaria', 'Cuenta bancaria', '', false, '10, 11, 16 o 18 (CLABE) dígitos'),
  col('salario_diario', 'Salario diario', '500.00', true),
  col('salario_base', 'Salario diario integrado', '', false, 'Se calcula si lo dejas vacío'),
  col('entidad', 'Entidad federativa', 'CMX', true, 'Clave de 3 letras'),
  col('sindicalizado', 'Sindicalizado', 'No', false, 'Sí o No'),
  col('cp', 'Código postal', '06600', true),
  col('email', 'Correo', '', false),
];

export const BULK_COLUMNS: Readonly<Record<BulkEntity, readonly BulkColumn[]>> = {
  clientes: clientColumns,
  productos: productColumns,
  empleados: employeeColumns,
};

/** What one row is called in messages and file names. */
export const BULK_ENTITY_LABEL: Readonly<Record<BulkEntity, { one: string; many: string; key: string }>> = {
  clientes: { one: 'cliente', many: 'clientes', key: 'RFC' },
  productos: { one: 'producto', many: 'productos', key: 'SKU' },
  empleados: { one: 'empleado', many: 'empleados', key: 'número de empleado' },
};

/** Header text as matched: case, accents and surrounding spaces ignored. */
export const normalizeHeader = (h: string): string =>
  h.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

export const bulkEntityParamsSchema = z.object({
  entidad: z.enum(BULK_ENTITIES, { error: 'Solo se importan clientes, productos o empleados' }),
});
export const bulkFormatQuerySchema = z.object({
  formato: z.enum(BULK_FORMATS, { error: 'El formato debe ser xlsx o csv' }).default('xlsx'),
});
export const bulkImportQuerySchema = z.object({
  /** `?confirmar=1` imports the valid rows; without it the upload is only previewed. */
  confirmar: z.enum(['0', '1', 'true', 'false'], { error: 'confirmar debe ser 1 o 0' }).optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** One problem of one cell: `fila` as a spreadsheet numbers it (the header is row 1), `columna` the header. */
export const bulkRowErrorSchema = z.object({
  fila: z.number().int(),
  columna: z.string(),
  /** Column letter as the spreadsheet shows it (A, B, …), when the column exists in the file. */
  letra: z.string().nullable(),
  mensaje: z.string(),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

/** A valid row as the preview lists it: what it will do. */
export const bulkPreviewRowSchema = z.object({
  fila: z.number().int(),
  clave: z.string(),
  nombre: z.string(),
  accion: z.enum(['crear', 'actualizar']),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;

export const BULK_PREVIEW_SAMPLE = 200;

export const bulkImportResultSchema = z.object({
  entidad: z.enum(BULK_ENTITIES),
  /** Data rows read (the header not counted). */
  total: z.number().int(),
  /** Rows with no error: what a confirmation imports. */
  validas: z.number().int(),
  /** Every problem, by row and column, in Spanish. */
  errores: z.array(bulkRowErrorSchema),
  /** Among the valid rows: new records and updates of existing ones (matched by RFC / SKU / número de empleado). */
  nuevas: z.number().int(),
  actualizaciones: z.number().int(),
  /** The first valid rows, for the preview table. */
  muestra: z.array(bulkPreviewRowSchema),
  /** After `confirmar=1`: rows written (absent in a preview, 0 while a background import runs). */
  importadas: z.number().int().optional(),
  /** After `confirmar=1` with more than BULK_SYNC_LIMIT rows: the background process to follow. */
  proceso: z.object({ id: z.string() }).nullable().optional(),
  message: z.string().optional(),
});
export type BulkImportResult = z.infer<typeof bulkImportResultSchema>;

/** What the background import keeps in its process record (and pushes on the socket). */
export const bulkJobStateSchema = z.object({
  entidad: z.enum(BULK_ENTITIES),
  total: z.number().int(),
  importadas: z.number().int(),
  creadas: z.number().int(),
  actualizadas: z.number().int(),
});
export type BulkJobState = z.infer<typeof bulkJobStateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Issue 29 §2: invoices from a spreadsheet — one row per concept, grouped into invoices by the "Factura" column.
// ---------------------------------------------------------------------------------------------------------------

export const INVOICE_SHEET_COLUMNS: readonly BulkColumn[] = [
  col('grupo', 'Factura', 'F-001', true, 'Las filas con el mismo valor forman una factura'),
  col('rfc', 'RFC del cliente', 'EKU9003173C9', true, 'Debe estar en tu catálogo de clientes'),
  col('usoCFDI', 'Uso CFDI', 'G03', true),
  col('formaPago', 'Forma de pago', '03', true, 'Catálogo c_FormaPago (99 con PPD)'),
  col('metodoPago', 'Método de pago', 'PUE', true, 'PUE o PPD'),
  col('serie', 'Serie', '', false),
  col('claveProdServ', 'Clave producto/servicio', '81111500', true),
  col('cantidad', 'Cantidad', '1', true),
  col('claveUnidad', 'Clave unidad', 'E48', true),
  col('unidad', 'Unidad', 'Servicio', false),
  col('descripcion', 'Descripción', 'Servicio de consultoría', true),
  col('valorUnitario', 'Valor unitario', '1000.00', true),
  col('descuento', 'Descuento', '', false),
  col('objetoImp', 'Objeto de impuesto', '02', true),
  col('iva', 'IVA trasladado', '0.160000', false, 'Tasa o Exento'),
  col('isr_ret', 'ISR retenido', '', false),
  col('iva_ret', 'IVA retenido', '', false),
];

/** One invoice of the sheet as the preview shows it. */
export const invoiceSheetGroupSchema = z.object({
  grupo: z.string(),
  /** Spreadsheet rows of its concepts. */
  filas: z.array(z.number().int()),
  cliente: z.string(),
  conceptos: z.number().int(),
  subtotal: z.string().nullable(),
  total: z.string().nullable(),
  /** Why it cannot be stamped, in Spanish (null when it can). */
  error: z.string().nullable(),
});
export const invoiceSheetPreviewSchema = z.object({
  facturas: z.array(invoiceSheetGroupSchema),
  validas: z.number().int(),
  /** Sum of the valid invoices' totals. */
  total: z.string(),
  errores: z.array(bulkRowErrorSchema),
  /** After `confirmar=1`: the batch to follow (its process id on the live bar). */
  lote: z.object({ id: z.string() }).nullable().optional(),
});
export type InvoiceSheetPreview = z.infer<typeof invoiceSheetPreviewSchema>;

export const invoiceSheetQuerySchema = z.object({
  confirmar: bulkImportQuerySchema.shape.confirmar,
  /** E-mail each stamped invoice to its customer. */
  enviar: z.enum(['0', '1', 'true', 'false']).optional().transform((v) => v === '1' || v === 'true'),
});

export const invoiceBatchResultSchema = z.object({
  grupo: z.string(),
  estado: z.enum(['pendiente', 'timbrada', 'error']),
  uuid: z.string().nullable(),
  total: z.string().nullable(),
  mensaje: z.string().nullable(),
});
export const invoiceBatchSchema = z.object({
  id: z.string(),
  terminado: z.boolean(),
  timbradas: z.number().int(),
  errores: z.number().int(),
  facturas: z.array(invoiceBatchResultSchema),
});
export type InvoiceBatch = z.infer<typeof invoiceBatchSchema>;
export const invoiceBatchParamsSchema = z.object({ id: z.uuid('El identificador del lote no es válido') });

// Issue 29 §1: incomes (emitidos) and outcomes (recibidos) of a month exported with their concepts, one row each.
export const CFDI_EXPORT_KINDS = ['ingresos', 'gastos'] as const;
export const cfdiExportParamsSchema = z.object({
  tipo: z.enum(CFDI_EXPORT_KINDS, { error: 'Exporta ingresos o gastos' }),
  month: z.coerce.number({ error: 'El mes debe ser un número de 1 a 12' }).int().min(1, 'El mes debe ser de 1 a 12').max(12, 'El mes debe ser de 1 a 12'),
  year: z.coerce.number({ error: 'El año debe ser un número' }).int().min(2000, 'El año no es válido').max(2100, 'El año no es válido'),
});
export const CFDI_EXPORT_COLUMNS: readonly BulkColumn[] = [
  'UUID', 'Fecha', 'Serie', 'Folio', 'Tipo', 'RFC emisor', 'Nombre emisor', 'RFC receptor', 'Nombre receptor', 'Método de pago', 'Forma de pago',
  'Moneda', 'Subtotal', 'Total', 'Estado', 'Clave producto/servicio', 'Cantidad', 'Clave unidad', 'Descripción', 'Valor unitario', 'Importe',
  'Descuento', 'Objeto de impuesto',
].map((header, i) => col(`c${i}`, header, '', false));
