import { z } from 'zod';
import { decimalText } from './invoicing';
import { PAGE_SIZES, pageOf } from './pagination';
import { periodParamsSchema } from './incomes';

/**
 * Retentions (issue 10 point 4, spec §2.7, §3 Retention and stats, §4 retention status, §7.12): the body that
 * issues a Retenciones 2.0 constancia (with the common complements), the lists of issued and received ones,
 * the received stats, downloads and cancellation. Amounts are decimal strings (never JSON numbers).
 */

/** §4 Retention status: 0 cancelled, 1 active. */
export const RETENTION_STATUS = { cancelled: 0, active: 1 } as const;
export const retentionStatusText = (estado: number): string => (estado === RETENTION_STATUS.cancelled ? 'Cancelada' : 'Vigente');

const rfcText = z
  .string({ error: 'El RFC del receptor es obligatorio' })
  .trim()
  .toUpperCase()
  .regex(/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/, 'El RFC del receptor no tiene el formato de un RFC (12 o 13 caracteres)');
const nombre = (label: string) => z.string({ error: `${label} es obligatorio` }).trim().min(1, `${label} es obligatorio`).max(300, `${label} admite como máximo 300 caracteres`);
const siNo = (label: string) => z.enum(['SI', 'NO'], { error: `${label}: elige SI o NO` });
const money = (label: string) => decimalText(label);

const receptorNacionalSchema = z.object({
  nacionalidad: z.literal('Nacional'),
  rfc: rfcText,
  nombre: nombre('El nombre o razón social del receptor'),
  curp: z.string().trim().toUpperCase().regex(/^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d$/, 'La CURP del receptor no tiene el formato correcto (18 caracteres)').optional(),
  cp: z.string({ error: 'El código postal del domicilio fiscal del receptor es obligatorio' }).trim().regex(/^\d{5}$/, 'El código postal del receptor debe tener 5 dígitos'),
});
const receptorExtranjeroSchema = z.object({
  nacionalidad: z.literal('Extranjero'),
  numRegIdTrib: z.string().trim().min(1).max(20, 'El número de registro tributario admite como máximo 20 caracteres').optional(),
  nombre: nombre('El nombre o razón social del receptor'),
});
export const retentionReceptorSchema = z.discriminatedUnion('nacionalidad', [receptorNacionalSchema, receptorExtranjeroSchema], {
  error: 'Indica si el receptor es Nacional o Extranjero',
});

const mes = (label: string) => z.number({ error: `${label} debe ser un número de 1 a 12` }).int(`${label} debe ser un número de 1 a 12`).min(1, `${label} debe ser un número de 1 a 12`).max(12, `${label} debe ser un número de 1 a 12`);

export const impRetenidoSchema = z.object({
  baseRet: money('La base de la retención').optional(),
  impuestoRet: z.enum(['001', '002', '003'], { error: 'El impuesto retenido debe ser ISR (001), IVA (002) o IEPS (003)' }).optional(),
  montoRet: money('El monto retenido'),
  tipoPagoRet: z.enum(['01', '02', '03', '04'], { error: 'El tipo de pago de la retención debe ser 01, 02, 03 o 04 (catálogo c_TipoPagoRet)' }),
});

export const dividendosSchema = z.object({
  cveTipDivOUtil: z.enum(['01', '02', '03', '04', '05', '06'], { error: 'Selecciona el tipo de dividendo o utilidad distribuida (01 a 06)' }),
  montISRAcredRetMexico: money('El ISR acreditable en México'),
  montISRAcredRetExtranjero: money('El ISR acreditable en el extranjero'),
  montRetExtDivExt: money('La retención en el extranjero de dividendos extranjeros').optional(),
  tipoSocDistrDiv: z.enum(['Sociedad Nacional', 'Sociedad Extranjera'], { error: 'Indica si la sociedad que distribuye es Sociedad Nacional o Sociedad Extranjera' }),
  montISRAcredNal: money('El ISR acreditable nacional').optional(),
  montDivAcumNal: money('El dividendo acumulable nacional').optional(),
  montDivAcumExt: money('El dividendo acumulable extranjero').optional(),
  proporcionRem: z.string().trim().regex(/^\d{1,3}(\.\d{1,4})?$/, 'La proporción del remanente admite hasta 4 decimales').optional(),
});
export const interesesSchema = z.object({
  sistFinanciero: siNo('Intereses del sistema financiero'),
  retiroAORESRetInt: siNo('Retiro de AORE con retención de intereses'),
  operFinancDerivad: siNo('Operaciones financieras derivadas'),
  montIntNominal: money('El monto de intereses nominales'),
  montIntReal: money('El monto de intereses reales'),
  perdida: money('La pérdida'),
});
export const pagosAExtranjerosSchema = z
  .object({
    esBenefEfectDelCobro: siNo('El receptor es beneficiario efectivo del cobro'),
    paisDeResidParaEfecFisc: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Selecciona el país de residencia para efectos fiscales').optional(),
    rfc: rfcText.optional(),
    curp: z.string().trim().toUpperCase().regex(/^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d$/, 'La CURP del beneficiario no tiene el formato correcto').optional(),
    nomDenRazSocB: z.string().trim().min(1).max(300).optional(),
    conceptoPago: z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9'], { error: 'Selecciona el concepto del pago (tipo de contribuyente sujeto a retención)' }),
    descripcionConcepto: nombre('La descripción del concepto'),
  })
  .superRefine((v, ctx) => {
    if (v.esBenefEfectDelCobro === 'NO' && !v.paisDeResidParaEfecFisc) {
      ctx.addIssue({ code: 'custom', path: ['paisDeResidParaEfecFisc'], message: 'Sin beneficiario efectivo indica el país de residencia para efectos fiscales' });
    }
    if (v.esBenefEfectDelCobro === 'SI') {
      for (const [k, m] of [['rfc', 'el RFC'], ['curp', 'la CURP'], ['nomDenRazSocB', 'el nombre o razón social']] as const) {
        if (!v[k]) ctx.addIssue({ code: 'custom', path: [k], message: `Con beneficiario efectivo indica ${m} del beneficiario` });
      }
    }
  });
export const servicioPlataformaSchema = z.object({
  formaPagoServ: z.string().trim().regex(/^\d{2}$/, 'Selecciona la forma de pago del servicio'),
  tipoDeServ: z.string().trim().regex(/^\d{2}$/, 'Selecciona el tipo de servicio'),
  subTipServ: z.string().trim().regex(/^\d{2}$/, 'El subtipo de servicio debe tener 2 dígitos').optional(),
  fechaServ: z.iso.date({ error: 'La fecha del servicio debe ser AAAA-MM-DD' }),
  precioServSinIVA: money('El precio del servicio sin IVA'),
  iva: money('El IVA trasladado del servicio'),
  comision: money('La comisión del servicio').optional(),
});
export const plataformasTecnologicasSchema = z.object({
  periodicidad: z.enum(['01', '02', '03', '04', '05'], { error: 'Selecciona la periodicidad (01 a 05)' }),
  totalIVARetenido: money('El total de IVA retenido'),
  totalISRRetenido: money('El total de ISR retenido'),
  difIVAEntregadoPrestServ: money('La diferencia de IVA entregado'),
  servicios: z.array(servicioPlataformaSchema).min(1, 'Agrega al menos un servicio').max(500),
});

export const retentionComplementsSchema = z.object({
  dividendos: dividendosSchema.optional(),
  intereses: interesesSchema.optional(),
  pagosAExtranjeros: pagosAExtranjerosSchema.optional(),
  plataformasTecnologicas: plataformasTecnologicasSchema.optional(),
});

/** POST /api/retenciones. */
export const retentionBodySchema = z
  .object({
    folioInt: z.string().trim().max(20, 'El folio interno admite como máximo 20 caracteres').optional(),
    cveRetenc: z.string({ error: 'La clave de retención es obligatoria' }).trim().regex(/^\d{2}$/, 'Selecciona la clave de retención (CveRetenc) del catálogo'),
    descRetenc: z.string().trim().min(1).max(100, 'La descripción de la retención admite como máximo 100 caracteres').optional(),
    receptor: retentionReceptorSchema,
    periodo: z.object({
      mesIni: mes('El mes inicial'),
      mesFin: mes('El mes final'),
      ejercicio: z.number({ error: 'El ejercicio es obligatorio' }).int().min(2004, 'El ejercicio no es válido').max(2100, 'El ejercicio no es válido'),
    }),
    totales: z.object({
      montoTotGrav: money('El monto total gravado'),
      montoTotExent: money('El monto total exento'),
      impRetenidos: z.array(impRetenidoSchema).max(100),
    }),
    complementos: retentionComplementsSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.periodo.mesFin < v.periodo.mesIni) ctx.addIssue({ code: 'custom', path: ['periodo', 'mesFin'], message: 'El mes final no puede ser anterior al mes inicial' });
    if (v.cveRetenc === '25' && !v.descRetenc) ctx.addIssue({ code: 'custom', path: ['descRetenc'], message: 'Con la clave 25 (otro tipo de retenciones) describe la retención' });
    if (v.complementos?.pagosAExtranjeros && v.receptor.nacionalidad !== 'Extranjero') {
      ctx.addIssue({ code: 'custom', path: ['complementos', 'pagosAExtranjeros'], message: 'El complemento de pagos a extranjeros requiere un receptor extranjero' });
    }
  });
export type RetentionBody = z.infer<typeof retentionBodySchema>;
export type RetentionBodyIn = z.input<typeof retentionBodySchema>;

export const retentionStampedSchema = z.object({ uuid: z.string(), xmlUrl: z.string(), pdfUrl: z.string() });

/** §3 Retention row (plus the RFCs, clave, operation total and download links). */
export const retentionRowSchema = z.object({
  uuid: z.string(),
  nombre_emisor: z.string(),
  rfc_emisor: z.string(),
  nombre_receptor: z.string(),
  rfc_receptor: z.string().nullable(),
  cve_retenc: z.string(),
  periodo: z.string(),
  monto_tot_operacion: z.string(),
  monto_tot_retenido: z.string(),
  fecha_emision: z.string(),
  fecha_recepcion: z.string(),
  estado: z.number().int(),
  estado_text: z.string(),
  xmlUrl: z.string(),
  pdfUrl: z.string(),
});
export type RetentionRow = z.infer<typeof retentionRowSchema>;
export const retentionPageSchema = pageOf(retentionRowSchema);

export const retentionListParamsSchema = periodParamsSchema;
export const retentionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().default(10).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'perPage debe ser 10, 20 o 50' }),
});

/** §3 stats of the received retentions of a month (MXN, active ones). */
export const retentionStatsSchema = z.object({
  total_isr_retenido: z.string(),
  total_iva_retenido: z.string(),
  total_retenido: z.string(),
  total_operacion: z.string(),
});
export type RetentionStats = z.infer<typeof retentionStatsSchema>;

export const retentionUuidParamsSchema = z.object({
  uuid: z.string().trim().toUpperCase().regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/, 'El UUID no tiene el formato de un folio fiscal'),
});
export const retentionCancelBodySchema = z
  .object({
    uuid: retentionUuidParamsSchema.shape.uuid,
    motivo: z.enum(['01', '02', '03', '04'], { error: 'Selecciona un motivo de cancelación (01 a 04)' }),
    uuidSustitucion: retentionUuidParamsSchema.shape.uuid.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.motivo === '01' && !v.uuidSustitucion) ctx.addIssue({ code: 'custom', path: ['uuidSustitucion'], message: 'Con el motivo 01 indica el UUID de la retención que sustituye a la cancelada' });
    if (v.motivo !== '01' && v.uuidSustitucion) ctx.addIssue({ code: 'custom', path: ['uuidSustitucion'], message: 'El UUID de sustitución solo aplica al motivo 01' });
  });
export const retentionCancelResponseSchema = z.object({ msj: z.string(), rspns: z.boolean(), uuid: z.string(), estado: z.number().int() });

const option = z.object({ value: z.string(), text: z.string() });
/** Catalogs the issue form offers (SAT retenciones catalogs). */
export const retentionCatalogsSchema = z.object({
  cveRetenc: z.array(option),
  tipoPagoRet: z.array(option),
  tipoDividendo: z.array(option),
  pais: z.array(option),
  conceptoPago: z.array(option),
  periodicidad: z.array(option),
});
export type RetentionCatalogs = z.infer<typeof retentionCatalogsSchema>;
