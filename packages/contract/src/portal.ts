import { z } from 'zod';
import { emailSchema, rfcSchema } from './auth';
import { idParam } from './input-rules';
import { decimalText, invoiceConceptSchema } from './invoicing';

/**
 * Issue 29 §6 (decision 310): the self-invoicing portal. An account opens a public page `/f/{slug}`; its sales are
 * "tickets" (folio, fecha, total, conceptos) a customer invoices once by typing the folio and the total, then their
 * fiscal data. Tickets left by the end of their month (when the account keeps expiry on) go to the month's global
 * invoice to público en general.
 */
export const PORTAL_TICKET_STATUSES = ['pendiente', 'facturado', 'vencido'] as const;
export type PortalTicketStatus = (typeof PORTAL_TICKET_STATUSES)[number];

/** Paths under /api/portal/ that are not slugs (the owner's own entries). */
export const PORTAL_RESERVED_SLUGS: ReadonlySet<string> = new Set(['tickets', 'factura-global', 'descarga', 'importar', 'api', 'admin']);

export const portalSlugSchema = z.string({ error: 'La dirección del portal es obligatoria' }).trim()
  .min(3, 'La dirección del portal debe tener al menos 3 caracteres').max(60, 'La dirección del portal admite hasta 60 caracteres')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'La dirección del portal solo admite minúsculas, números y guiones (sin guion al inicio ni al final)')
  .refine((v) => !PORTAL_RESERVED_SLUGS.has(v), 'Esa dirección está reservada; elige otra');

export const portalSettingsBodySchema = z.object({
  habilitado: z.boolean({ error: 'Indica si el portal está habilitado' }),
  slug: portalSlugSchema,
  /** Tickets not invoiced by the end of their month become "vencido" (default yes). */
  vencenFinDeMes: z.boolean().default(true),
});
export type PortalSettingsBody = z.input<typeof portalSettingsBodySchema>;

export const portalSettingsSchema = z.object({
  habilitado: z.boolean(),
  slug: z.string().nullable(),
  vencenFinDeMes: z.boolean(),
  /** `/f/{slug}` (relative to the web app), null before a slug is chosen. */
  enlace: z.string().nullable(),
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

/** A ticket's concept: the same fields and rules as an invoice concept (no product link, no predial). */
export const portalConceptSchema = invoiceConceptSchema.omit({ productId: true, cuentaPredial: true });
export type PortalConcept = z.output<typeof portalConceptSchema>;

const dateText = z.string({ error: 'La fecha del ticket es obligatoria' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha del ticket debe tener el formato AAAA-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'La fecha del ticket no existe en el calendario');

export const portalFolioSchema = z.string({ error: 'El folio del ticket es obligatorio' }).trim()
  .min(1, 'El folio del ticket es obligatorio').max(40, 'El folio del ticket admite hasta 40 caracteres')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_\-/.]*$/, 'El folio del ticket solo admite letras, números, guiones, puntos y diagonales');

export const portalTicketCreateSchema = z.object({
  folio: portalFolioSchema,
  fecha: dateText,
  total: decimalText('El total del ticket', { positive: true }),
  /** c_FormaPago of the sale (01 efectivo, 04 tarjeta…); default 01. */
  formaPago: z.string().trim().regex(/^\d{2}$/, 'Selecciona una forma de pago del catálogo c_FormaPago').optional(),
  conceptos: z.array(portalConceptSchema, { error: 'Agrega al menos un concepto' }).min(1, 'Agrega al menos un concepto').max(100, 'Un ticket admite hasta 100 conceptos'),
});
export type PortalTicketCreate = z.input<typeof portalTicketCreateSchema>;

export const portalTicketSchema = z.object({
  id: z.number().int(),
  folio: z.string(),
  fecha: z.string(),
  total: z.string(),
  formaPago: z.string(),
  estado: z.enum(PORTAL_TICKET_STATUSES),
  uuid: z.string().nullable(),
  /** Invoiced in the month's global invoice (público en general). */
  global: z.boolean(),
  conceptos: z.array(z.object({ descripcion: z.string(), cantidad: z.string(), valorUnitario: z.string() })),
  created_at: z.string(),
});
export type PortalTicket = z.infer<typeof portalTicketSchema>;
export const portalTicketListSchema = z.object({ data: z.array(portalTicketSchema) });
export const portalTicketIdParamsSchema = z.object({ id: idParam('El ticket no existe') });

/** CSV/XLSX ticket import: one row per concept, grouped into tickets by folio. */
export const portalImportQuerySchema = z.object({ confirmar: z.enum(['0', '1', 'true', 'false']).optional() });
export const portalImportResultSchema = z.object({
  validos: z.number().int(),
  importados: z.number().int(),
  errores: z.array(z.object({ fila: z.number().int(), columna: z.string(), mensaje: z.string() })),
});
export const PORTAL_IMPORT_COLUMNS = ['folio', 'fecha', 'total', 'formaPago', 'claveProdServ', 'claveUnidad', 'descripcion', 'cantidad', 'valorUnitario', 'objetoImp', 'tasaIva'] as const;

export const portalGlobalBodySchema = z.object({
  anio: z.number({ error: 'El año es obligatorio' }).int('El año debe ser un número entero').min(2022, 'El año debe ser 2022 o posterior').max(2100, 'El año no es válido'),
  mes: z.number({ error: 'El mes es obligatorio' }).int('El mes debe ser un número entero').min(1, 'El mes debe estar entre 1 y 12').max(12, 'El mes debe estar entre 1 y 12'),
});
export const portalGlobalResultSchema = z.object({ uuid: z.string(), tickets: z.number().int(), total: z.string() });

// ---- Public side (no login) ----

export const portalSlugParamsSchema = z.object({ slug: z.string().trim().toLowerCase().max(60, 'El portal no existe') });
export const portalPublicInfoSchema = z.object({ nombre: z.string(), logo: z.boolean() });

const ticketProof = {
  folio: portalFolioSchema,
  total: decimalText('El total del ticket', { positive: true }),
};
export const portalTicketLookupSchema = z.object(ticketProof);
/** What the customer may see of their own ticket once folio and total match. */
export const portalTicketSummarySchema = z.object({
  folio: z.string(),
  fecha: z.string(),
  total: z.string(),
  conceptos: z.array(z.object({ descripcion: z.string(), cantidad: z.string() })),
});

export const portalReceptorLookupSchema = z.object({ ...ticketProof, rfc: rfcSchema });
/** Prefill for an RFC already a customer of the account (null fields when it is not). */
export const portalReceptorSchema = z.object({
  nombre: z.string().nullable(), cp: z.string().nullable(), regimen: z.string().nullable(), usoCfdi: z.string().nullable(),
});

/**
 * Fiscal data read from the customer's Constancia de Situación Fiscal (multipart `file` + `folio` and `total`, the
 * ticket's proof). `regimen`: the first régimen of the constancia that fits the RFC's persona type; `regimenes`: all
 * of them, in the constancia's order, for the customer to pick another.
 */
export const portalConstanciaSchema = z.object({
  rfc: z.string(), nombre: z.string(), cp: z.string().nullable(), regimen: z.string().nullable(), regimenes: z.array(z.string()),
});
export type PortalConstancia = z.infer<typeof portalConstanciaSchema>;

export const portalFacturarSchema = z.object({
  ...ticketProof,
  rfc: rfcSchema,
  nombre: z.string({ error: 'El nombre o razón social es obligatorio' }).trim().min(1, 'El nombre o razón social es obligatorio')
    .max(300, 'El nombre o razón social no puede exceder 300 caracteres'),
  cp: z.string({ error: 'El código postal es obligatorio' }).trim().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos'),
  regimen: z.string({ error: 'El régimen fiscal es obligatorio' }).trim().regex(/^\d{3}$/, 'Selecciona un régimen fiscal del catálogo'),
  usoCfdi: z.string({ error: 'El uso del CFDI es obligatorio' }).trim().toUpperCase().regex(/^[A-Z]{1,2}\d{2}$/, 'Selecciona un uso del CFDI del catálogo'),
  email: emailSchema,
});
export type PortalFacturar = z.input<typeof portalFacturarSchema>;

export const portalFacturadoSchema = z.object({
  uuid: z.string(),
  total: z.string(),
  /** Time-limited links to this ticket's invoice only (signed token). */
  xmlUrl: z.string(),
  pdfUrl: z.string(),
  /** Spanish note on the e-mail (sent, or why not). */
  correo: z.string(),
});
export type PortalFacturado = z.infer<typeof portalFacturadoSchema>;

export const portalDownloadParamsSchema = z.object({ token: z.string().trim().max(400, 'El enlace de descarga no es válido') });

/** The one answer for an unknown slug, a disabled portal, an unknown folio or a wrong total (nothing to tell apart). */
export const PORTAL_NOT_FOUND = 'No encontramos un ticket con ese folio y total en este portal';
export const PORTAL_UNKNOWN = 'Este portal de facturación no existe o no está disponible';
