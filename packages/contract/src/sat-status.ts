import { z } from 'zod';
import { idParam } from './input-rules';

/**
 * Issue 15 §2-§5: SAT's CFDI status, the 69-B list, the receptor's cancellation-requests inbox and the
 * constancia de situación fiscal (CSF) / cédula de identificación fiscal (CIF) obtained through the SAT port.
 */

const uuid = z.string().regex(/^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/, 'El UUID no tiene el formato correcto');
export const cfdiUuidParamsSchema = z.object({ uuid });

export const SAT_ESTADOS = ['Vigente', 'Cancelado', 'No encontrado'] as const;

/** `GET /api/cfdi/:uuid/sat-status`: SAT's answer for one of the tenant's documents (issued or received). */
export const cfdiSatStatusSchema = z.object({
  uuid: z.string(),
  estado: z.enum(SAT_ESTADOS),
  esCancelable: z.string(),
  estatusCancelacion: z.string(),
  /** '200' the emisor is not on SAT's EFOS list; '100' it is. */
  validacionEFOS: z.string(),
  codigoEstatus: z.string(),
  /** The document's state in the app after the check (a cancellation SAT reports is recorded). */
  estadoLocal: z.enum(['vigente', 'en_proceso', 'cancelada', 'rechazada']),
  /** True when this check changed the document's state in the app. */
  actualizado: z.boolean(),
  /** 'sat' the real service, 'local' the offline SAT over the sandbox PAC. */
  fuente: z.enum(['sat', 'local']),
});
export type CfdiSatStatusResult = z.infer<typeof cfdiSatStatusSchema>;

export const SITUACIONES_69B = ['Presunto', 'Definitivo', 'Desvirtuado', 'Sentencia favorable'] as const;
export type Situacion69B = (typeof SITUACIONES_69B)[number];

/** The path names the third party being looked up (`rfcContribuyente`, not `rfc`: that one must be the tenant's). */
export const blacklistParamsSchema = z.object({
  rfcContribuyente: z.string().trim().toUpperCase().regex(/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/, 'El RFC no tiene el formato correcto'),
});
/** `GET /api/blacklist/:rfc`. */
export const blacklistEntrySchema = z.object({
  rfc: z.string(),
  listed: z.boolean(),
  situacion: z.enum(SITUACIONES_69B).nullable(),
  fechaPublicacion: z.string().nullable(),
  nombre: z.string().nullable(),
  /** Presunto and Definitivo are the situations whose CFDI SAT treats as without fiscal effect (or at risk of it). */
  riesgo: z.boolean(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

/** Situations that deserve a warning: the presumption is open or final. Desvirtuado / sentencia favorable do not. */
export const RISKY_69B: readonly Situacion69B[] = ['Presunto', 'Definitivo'];

export const cancellationRequestSchema = z.object({
  uuid: z.string(),
  rfcEmisor: z.string().nullable(),
  nombreEmisor: z.string().nullable(),
  total: z.string().nullable(),
  moneda: z.string().nullable(),
  motivo: z.string().nullable(),
  motivoTexto: z.string().nullable(),
  solicitadaEn: z.string(),
  /** SAT cancels it by "plazo vencido" at this instant when nobody answers (72 h after the request). */
  plazo: z.string(),
  horasRestantes: z.number().int(),
  status: z.enum(['pendiente', 'aceptada', 'rechazada', 'vencida']),
});
export type CancellationRequest = z.infer<typeof cancellationRequestSchema>;
export const cancellationRequestsSchema = z.object({ data: z.array(cancellationRequestSchema) });

export const cancellationAnswerBodySchema = z.object({
  respuesta: z.enum(['aceptar', 'rechazar'], { error: 'La respuesta debe ser aceptar o rechazar' }),
});
export const cancellationAnswerResponseSchema = z.object({ message: z.string(), request: cancellationRequestSchema });

export const SAT_CONSTANCIAS = ['CSF', 'CIF'] as const;
export const constanciaBodySchema = z.object({ tipo: z.enum(SAT_CONSTANCIAS, { error: 'El tipo debe ser CSF o CIF' }).default('CSF') });

/** What a constancia obtained from SAT says, next to the profile, so the user can take it. */
export const constanciaProposalSchema = z.object({
  certificateId: z.number().int(),
  regimen: z.object({ actual: z.string().nullable(), constancia: z.string().nullable() }),
  cp: z.object({ actual: z.string().nullable(), constancia: z.string().nullable() }),
  obligaciones: z.number().int(),
  actividades: z.number().int(),
  cambios: z.boolean(),
});
export type ConstanciaProposal = z.infer<typeof constanciaProposalSchema>;
export const constanciaApplyParamsSchema = z.object({ id: idParam('La constancia no existe') });
export const constanciaApplyResponseSchema = z.object({ message: z.string(), regimen: z.string().nullable(), cp: z.string().nullable() });
