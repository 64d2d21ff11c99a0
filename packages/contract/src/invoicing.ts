import { z } from 'zod';
import { catalogHitSchema, postalCodeInfoSchema, usoCfdiItemSchema } from './catalogs';
import { clientSchema } from './clients';
import { userProductSchema } from './products';

/**
 * Invoicing (issue 9, spec §2.7, §3 Invoice, §7.4, §7.5): the body that issues, previews and stamps a
 * CFDI 4.0/3.3 and the shapes of the documents, templates, e-mail, cancellation and stamp endpoints.
 * Amounts and quantities are decimal strings, never JSON numbers: a number has already been through a
 * binary float before the server sees it, so the body refuses it and says which field.
 */

export const OBSERVACIONES_MAX = 4999;
export const MAX_CONCEPTOS = 500;
/** Free stamps a new account gets to try invoicing (decision 152). */
export const FREE_STAMPS = 10;
/** Stamp packages on sale through the payments port: size → price in MXN (decimal string). */
export const STAMP_PACKAGES = { '10': '50.00', '50': '225.00', '100': '400.00', '500': '1750.00' } as const;
export type StampPackage = keyof typeof STAMP_PACKAGES;

/** `field` is the Spanish name shown in the message, e.g. "La cantidad del concepto". */
const mustBeText = (label: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null
    ? `${label} es obligatorio`
    : typeof iss.input === 'number'
      ? `${label} debe enviarse como texto decimal (por ejemplo "1.50"), no como número`
      : `${label} debe ser un número decimal escrito como texto`;

/** A non-negative decimal string with at most 6 decimals (Anexo 20 t_Importe / cantidad). */
export const decimalText = (label: string, opts: { positive?: boolean } = {}) => {
  const s = z
    .string({ error: mustBeText(label) })
    .trim()
    .regex(/^\d{1,18}(\.\d+)?$/, `${label} debe ser un número decimal no negativo, por ejemplo "1500.50"`)
    .refine((v) => !/\.\d{7,}$/.test(v), `${label} admite como máximo 6 decimales`);
  return opts.positive ? s.refine((v) => /[1-9]/.test(v), `${label} debe ser mayor que cero`) : s;
};

const uuidText = z
  .string({ error: 'El UUID es obligatorio' })
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/, 'El UUID no tiene el formato de un folio fiscal');

const trasladoSchema = z
  .object({
    impuesto: z.enum(['002', '003'], { error: 'El impuesto trasladado debe ser IVA (002) o IEPS (003)' }),
    tipoFactor: z.enum(['Tasa', 'Cuota', 'Exento'], { error: 'El tipo factor debe ser Tasa, Cuota o Exento' }),
    tasaOCuota: decimalText('La tasa o cuota').optional(),
  })
  .superRefine((t, ctx) => {
    if (t.tipoFactor === 'Exento' && t.tasaOCuota) ctx.addIssue({ code: 'custom', path: ['tasaOCuota'], message: 'Un traslado exento no lleva tasa o cuota' });
    if (t.tipoFactor !== 'Exento' && !t.tasaOCuota) ctx.addIssue({ code: 'custom', path: ['tasaOCuota'], message: 'La tasa o cuota del traslado es obligatoria' });
  });

const retencionSchema = z.object({
  impuesto: z.enum(['001', '002', '003'], { error: 'El impuesto retenido debe ser ISR (001), IVA (002) o IEPS (003)' }),
  tipoFactor: z.enum(['Tasa', 'Cuota'], { error: 'El tipo factor de una retención debe ser Tasa o Cuota' }),
  tasaOCuota: decimalText('La tasa o cuota de la retención'),
});

export const invoiceConceptSchema = z.object({
  /** A product of the tenant's catalogue the concept came from (checked to belong to the account). */
  productId: z.number({ error: 'El producto no es válido' }).int().positive('El producto no es válido').optional(),
  claveProdServ: z.string({ error: 'La clave de producto o servicio es obligatoria' }).trim().regex(/^\d{8}$/, 'La clave de producto o servicio debe tener 8 dígitos del catálogo c_ClaveProdServ'),
  noIdentificacion: z.string().trim().min(1).max(100, 'El número de identificación no puede exceder 100 caracteres').optional(),
  cantidad: decimalText('La cantidad', { positive: true }),
  claveUnidad: z.string({ error: 'La clave de unidad es obligatoria' }).trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/, 'Selecciona una clave de unidad del catálogo c_ClaveUnidad'),
  unidad: z.string().trim().max(20, 'La unidad no puede exceder 20 caracteres').optional(),
  descripcion: z.string({ error: 'La descripción es obligatoria' }).trim().min(1, 'La descripción es obligatoria').max(1000, 'La descripción no puede exceder 1000 caracteres'),
  valorUnitario: decimalText('El valor unitario'),
  descuento: decimalText('El descuento').optional(),
  objetoImp: z.string({ error: 'El objeto de impuesto es obligatorio' }).trim().regex(/^0[1-8]$/, 'Selecciona un objeto de impuesto del catálogo c_ObjetoImp'),
  traslados: z.array(trasladoSchema).max(4, 'Registra como máximo 4 traslados por concepto').optional(),
  retenciones: z.array(retencionSchema).max(4, 'Registra como máximo 4 retenciones por concepto').optional(),
  cuentaPredial: z.string().trim().regex(/^[0-9a-zA-Z]{1,150}$/, 'La cuenta predial solo admite letras y números (máximo 150)').optional(),
});
export type InvoiceConcept = z.input<typeof invoiceConceptSchema>;

/** The body of POST /api/invoice40, /api/invoice, /api/preview40 and /api/preview (issue 9 §3). */
export const invoiceBodySchema = z
  .object({
    clientId: z.number({ error: 'Selecciona un cliente' }).int().positive('Selecciona un cliente'),
    usoCFDI: z.string({ error: 'El uso del CFDI es obligatorio' }).trim().toUpperCase().regex(/^[A-Z]{1,2}\d{2}$/, 'Selecciona un uso del CFDI del catálogo'),
    formaPago: z.string({ error: 'La forma de pago es obligatoria' }).trim().regex(/^\d{2}$/, 'Selecciona una forma de pago del catálogo c_FormaPago'),
    metodoPago: z.enum(['PUE', 'PPD'], { error: 'El método de pago debe ser PUE o PPD' }),
    moneda: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Selecciona una moneda del catálogo c_Moneda').default('MXN'),
    tipoCambio: decimalText('El tipo de cambio', { positive: true }).optional(),
    serie: z.string().trim().regex(/^[A-Za-z0-9]{1,25}$/, 'La serie solo admite letras y números (máximo 25)').optional(),
    tipoDeComprobante: z.enum(['I', 'E', 'T'], { error: 'El tipo de comprobante debe ser I, E o T' }).default('I'),
    exportacion: z.string().trim().regex(/^0[1-4]$/, 'Selecciona una clave de exportación del catálogo').optional(),
    informacionGlobal: z
      .object({
        periodicidad: z.string().trim().regex(/^0[1-5]$/, 'Selecciona una periodicidad del catálogo'),
        meses: z.string().trim().regex(/^(0[1-9]|1[0-8])$/, 'Selecciona los meses del catálogo'),
        año: z.string().trim().regex(/^\d{4}$/, 'El año debe tener 4 dígitos'),
      })
      .optional(),
    cfdiRelacionados: z
      .array(
        z.object({
          tipoRelacion: z.string({ error: 'El tipo de relación es obligatorio' }).trim().regex(/^0[1-9]$/, 'Selecciona un tipo de relación del catálogo'),
          uuids: z.array(uuidText).min(1, 'Indica al menos un UUID relacionado').max(100),
        }),
      )
      .max(10)
      .optional(),
    observaciones: z.string().max(OBSERVACIONES_MAX, `Las observaciones no pueden exceder ${OBSERVACIONES_MAX} caracteres`).optional(),
    conceptos: z.array(invoiceConceptSchema, { error: 'Agrega al menos un concepto' }).min(1, 'Agrega al menos un concepto').max(MAX_CONCEPTOS),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (v.metodoPago === 'PPD' && v.formaPago !== '99') issue(['formaPago'], 'CFDI40105: con método de pago PPD la forma de pago debe ser 99 Por definir');
    if (v.moneda !== 'MXN' && v.moneda !== 'XXX' && !v.tipoCambio) issue(['tipoCambio'], 'CFDI40115: el tipo de cambio es obligatorio cuando la moneda no es MXN');
    if (v.moneda === 'MXN' && v.tipoCambio && !/^1(\.0+)?$/.test(v.tipoCambio)) issue(['tipoCambio'], 'CFDI40114: con moneda MXN el tipo de cambio debe ser 1 u omitirse');
  });
export type InvoiceBody = z.input<typeof invoiceBodySchema>;
export type InvoiceValues = z.output<typeof invoiceBodySchema>;

/** A correction the server applied to reach SAT's rounding (shown to the user: "what changed"). */
export const invoiceFixSchema = z.object({ field: z.string(), code: z.string(), message: z.string(), from: z.string().optional(), to: z.string().optional() });

/**
 * Something SAT accepts but the user should look at before stamping (issue 24: ISR withheld from a persona
 * moral). Never blocks: the stamp carries them in `advertencias`, the preview in the INVOICE_WARNINGS_HEADER.
 */
export const invoiceWarningSchema = z.object({ field: z.string(), code: z.string(), message: z.string() });
export type InvoiceWarning = z.infer<typeof invoiceWarningSchema>;
/** Response header of POST /api/preview40 and /api/preview: the warnings as URI-encoded JSON (InvoiceWarning[]). */
export const INVOICE_WARNINGS_HEADER = 'x-advertencias';

/** 201 of POST /api/invoice40 and /api/invoice. */
export const invoiceStampedSchema = z.object({
  uuid: z.string(),
  serie: z.string().nullable(),
  folio: z.string(),
  total: z.string(),
  xmlUrl: z.string(),
  pdfUrl: z.string(),
  fixes: z.array(invoiceFixSchema),
  advertencias: z.array(invoiceWarningSchema).optional(),
});
export type InvoiceStamped = z.infer<typeof invoiceStampedSchema>;

export const uuidParamsSchema = z.object({ uuid: uuidText });

/** PDF templates (spec §3 "PDF template (templateId)"). */
export const pdfTemplateSchema = z.object({ templateId: z.string(), nombre: z.string(), descripcion: z.string() });
export const pdfTemplatesResponseSchema = z.object({ data: z.array(pdfTemplateSchema) });
export const userTemplateResponseSchema = z.object({ pdfTemplateId: z.string(), logoUrl: z.string().nullable() });
export const userTemplateBodySchema = z.object({
  pdfTemplateId: z.string({ error: 'Selecciona una plantilla' }).trim().min(1, 'Selecciona una plantilla'),
});

/** §7.5 e-mail. */
export const clientEmailQuerySchema = z.object({ pIdPago: uuidText });
export const clientEmailResponseSchema = z.object({ email: z.array(z.string()), cliente: z.string() });
export const sendEmailBodySchema = z.object({
  pEmail: z.string({ error: 'El correo es obligatorio' }).trim().email('Escribe un correo electrónico válido'),
  /** Attach the XML / the PDF. */
  pXml: z.boolean().default(true),
  pPdf: z.boolean().default(true),
  pIdPago: uuidText,
});
/** Alerts (spec §8) pick success or danger from `rspns`. */
export const alertResponseSchema = z.object({ msj: z.string(), rspns: z.boolean() });

/** §7.5 cancellation: SAT motivos 01-04. */
export const CANCEL_MOTIVOS = {
  '01': 'Comprobante emitido con errores con relación',
  '02': 'Comprobante emitido con errores sin relación',
  '03': 'No se llevó a cabo la operación',
  '04': 'Operación nominativa relacionada en una factura global',
} as const;
export const cancelOptionsResponseSchema = z.object({ data: z.array(z.object({ value: z.string(), text: z.string() })) });
export const cancelBodySchema = z
  .object({
    pIdPago: uuidText,
    /** Which list the document belongs to ('ingreso' | 'pago' | …); kept for the §7.5 shape. */
    type: z.string().trim().max(20).optional(),
    option: z.enum(['01', '02', '03', '04'], { error: 'Selecciona un motivo de cancelación (01 a 04)' }),
    uuidSustitucion: uuidText.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.option === '01' && !v.uuidSustitucion) ctx.addIssue({ code: 'custom', path: ['uuidSustitucion'], message: 'Con el motivo 01 indica el UUID de la factura que sustituye a la cancelada' });
    if (v.option !== '01' && v.uuidSustitucion) ctx.addIssue({ code: 'custom', path: ['uuidSustitucion'], message: 'El UUID de sustitución solo aplica al motivo 01' });
  });
export const cancelResponseSchema = alertResponseSchema.extend({
  uuid: z.string(),
  estado: z.enum(['vigente', 'en_proceso', 'cancelada', 'rechazada']),
});

/**
 * Test-only (NODE_ENV=test, sandbox PAC): the receptor's answer to the caller's own cancellation "En proceso", so
 * tests reach SAT's three outcomes (accepted, rejected; silence is 72 h passing). Decision 276.
 */
export const devCancellationAnswerBodySchema = z.object({
  respuesta: z.enum(['aceptar', 'rechazar'], { error: 'La respuesta debe ser «aceptar» o «rechazar»' }),
});
export const devCancellationAnswerResponseSchema = z.object({ uuid: z.string(), estado: z.string(), estatusCancelacion: z.string() });

/** Credit-note/substitution side panel candidates. */
export const substitutionParamsSchema = z.object({
  rfc: z.string().trim().toUpperCase(),
  month: z.coerce.number().int().min(1, 'El mes debe estar entre 1 y 12').max(12, 'El mes debe estar entre 1 y 12'),
  year: z.coerce.number().int().min(2000).max(2100),
});
/**
 * `?sustituye={uuid}`: only the tenant's vigente CFDI that relate to that one with TipoRelacion 04 — the valid
 * substitutes of a motivo 01 cancellation — whatever their month (the substitute is often issued later).
 */
export const substitutionQuerySchema = z.object({ sustituye: uuidText.optional() });
export const invoiceSummarySchema = z.object({
  uuid: z.string(),
  serie: z.string().nullable(),
  folio: z.string().nullable(),
  f_emi: z.string(),
  client: z.string(),
  rfcReceptor: z.string(),
  total: z.string(),
  moneda: z.string(),
  estado: z.string(),
  tipoDeComprobante: z.string(),
});
export const substitutionResponseSchema = z.object({ data: z.array(invoiceSummarySchema) });

/** Stamps (timbres). */
export const stampBalanceSchema = z.object({
  balance: z.number().int(),
  paquetes: z.array(z.object({ paquete: z.string(), precio: z.string() })),
});
export const buyStampsBodySchema = z.object({
  paquete: z.enum(Object.keys(STAMP_PACKAGES) as [StampPackage, ...StampPackage[]], { error: 'Selecciona un paquete de timbres' }),
  /**
   * A card (pm_…) of the account, required: the package is charged by the payments provider and credited by
   * its signed webhook, once (issue 25 §1: stamps are never free).
   */
  paymentMethod: z.string({ error: 'El método de pago es obligatorio: elige la tarjeta con la que pagas el paquete' }).trim()
    .min(1, 'El método de pago es obligatorio: elige la tarjeta con la que pagas el paquete')
    .max(255, 'El método de pago no es válido').regex(/^(pm|card|src)_[A-Za-z0-9_]+$/, 'El método de pago no es válido'),
});
export const buyStampsResponseSchema = z.object({ balance: z.number().int(), paymentId: z.string(), message: z.string() });

/** Invoicing catalogs the form needs in one call. */
export const invoicingCatalogsSchema = z.object({
  formasPago: z.array(catalogHitSchema),
  metodosPago: z.array(catalogHitSchema),
  monedas: z.array(catalogHitSchema.extend({ decimales: z.number().int() })),
  usosCfdi: z.array(usoCfdiItemSchema),
  objetosImp: z.array(catalogHitSchema),
  tiposRelacion: z.array(catalogHitSchema),
  exportaciones: z.array(catalogHitSchema),
  periodicidades: z.array(catalogHitSchema),
  meses: z.array(catalogHitSchema),
  tiposComprobante: z.array(catalogHitSchema),
  series: z.array(z.object({ serie: z.string(), nextFolio: z.number().int() })),
  /**
   * The account's CP (LugarExpedicion) and whether c_CodigoPostal gives it SAT's border-stimulus mark, so the form
   * refuses an 8 % IVA before sending it (issue 24); null while the profile has no CP.
   */
  lugarExpedicion: z.object({ cp: z.string(), regionFronteriza: z.boolean() }).nullable().optional(),
});
export const cpParamsSchema = z.object({ cp: z.string().trim().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos') });
export const invoicingAddressSchema = postalCodeInfoSchema;

export const customersCatalogBodySchema = z.object({ search: z.string().trim().max(200).optional(), limit: z.number().int().min(1).max(100).default(50) });
export const customersCatalogResponseSchema = z.object({ data: z.array(clientSchema) });
export const productsCatalogQuerySchema = z.object({ search: z.string().trim().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) });
export const productsCatalogResponseSchema = z.object({ data: z.array(userProductSchema) });

export const regimeParamsSchema = z.object({ clave: z.string().trim().regex(/^\d{3}$/, 'Selecciona un régimen fiscal del catálogo') });
export const regimeDetailSchema = z.object({
  clave: z.string(),
  descripcion: z.string(),
  fisica: z.boolean(),
  moral: z.boolean(),
  /** Usos CFDI SAT allows a receptor of this régimen (c_UsoCFDI RegimenFiscalReceptor). */
  usos: z.array(usoCfdiItemSchema),
});

export const nextFolioQuerySchema = z.object({ serie: z.string().trim().regex(/^[A-Za-z0-9]{0,25}$/, 'La serie solo admite letras y números (máximo 25)').default('') });
export const nextFolioResponseSchema = z.object({ serie: z.string(), folio: z.number().int() });

/**
 * GET /api/invoicing/folios?serie=: the folio history of a serie (decision 282), newest first — every folio the
 * stamping pipeline took: 'timbrado' with its UUID, 'timbrando' while the PAC answers, or 'no timbrado' with the
 * PAC's reason (the folio was taken and never stamped; its stamp went back), so the sequence stays explainable.
 */
export const folioHistoryQuerySchema = z.object({
  serie: z.string().trim().regex(/^[A-Za-z0-9]{0,25}$/, 'La serie solo admite letras y números (máximo 25)').default(''),
  estado: z.enum(['timbrando', 'timbrado', 'no timbrado']).optional(),
});
export const FOLIO_STATES = ['timbrando', 'timbrado', 'no timbrado'] as const;
export const folioHistoryItemSchema = z.object({
  serie: z.string(),
  folio: z.string(),
  estado: z.enum(FOLIO_STATES),
  uuid: z.string().nullable(),
  motivo: z.string().nullable(),
  fecha: z.string(),
});
export const folioHistoryResponseSchema = z.object({ items: z.array(folioHistoryItemSchema) });
export type FolioHistoryItem = z.infer<typeof folioHistoryItemSchema>;

export const exchangeRateQuerySchema = z.object({
  moneda: z.string({ error: 'La moneda es obligatoria' }).trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Selecciona una moneda del catálogo c_Moneda'),
  fecha: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD').optional(),
});
export const exchangeRateResponseSchema = z.object({
  moneda: z.string(),
  fecha: z.string(),
  tipoCambio: z.string(),
  /** 'banxico' (FIX of Banxico SIE) or 'manual' (the configured offline value). */
  fuente: z.enum(['banxico', 'manual']),
});
