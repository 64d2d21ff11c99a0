import { z } from 'zod';
import { idParam } from './input-rules';
import { completeAccountSchema } from './auth';
import { pageOf } from './pagination';
import { passwordSchema } from './password';

/** Spec §5: the profile picture is at most 1,000,000 bytes; only these image formats. */
export const AVATAR_MAX_BYTES = 1_000_000;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Spec §7.15: the screen warns this many days before a certificate expires. */
export const CERT_EXPIRY_WARNING_DAYS = 30;
/** Profile tabs 0-4 (spec §2.7, §9). */
export const PROFILE_SECTIONS = ['general', 'cif', 'account', 'tax', 'residence'] as const;

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} debe tener como máximo ${max} caracteres`).nullish().transform((v) => v || null);

/**
 * IMSS registro patronal as IMSS writes it: 11 characters, a letter and 10 digits (Y5412345105). Spaces and
 * hyphens people copy from the IMSS card are dropped. Nómina 1.2 needs it on receipts of employees with an
 * NSS and contract types 01-08.
 */
export const REGISTRO_PATRONAL_RE = /^[A-Z]\d{10}$/;
export const registroPatronalSchema = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine((v) => v === '' || REGISTRO_PATRONAL_RE.test(v), 'El registro patronal tiene 11 caracteres: una letra y 10 dígitos, por ejemplo Y5412345105')
  .transform((v) => v || null)
  .nullable()
  .optional();

/** `PUT /api/profile`: what the completed account has, plus contact and street address. */
export const profileUpdateSchema = completeAccountSchema.extend({
  phone: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, 'El teléfono debe tener 10 dígitos')
    .nullish()
    .transform((v) => v || null),
  calle: optionalText('La calle', 150),
  numExterior: optionalText('El número exterior', 30),
  numInterior: optionalText('El número interior', 30),
  colonia: optionalText('La colonia', 150),
  /** Optional; absent keeps the stored value, null or "" clears it. */
  registroPatronal: registroPatronalSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdateValues = z.output<typeof profileUpdateSchema>;

/** The tax residence (domicilio fiscal), alone with `?onlyAddress=1`. */
export const profileAddressSchema = z.object({
  cp: z.string().nullable(),
  estado: z.string().nullable(),
  estadoNombre: z.string().nullable(),
  municipio: z.string().nullable(),
  municipioNombre: z.string().nullable(),
  calle: z.string().nullable(),
  numExterior: z.string().nullable(),
  numInterior: z.string().nullable(),
  colonia: z.string().nullable(),
  timeZone: z.string().nullable(),
});
export type ProfileAddress = z.infer<typeof profileAddressSchema>;

export const profileSchema = z.object({
  rfc: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  persona: z.enum(['fisica', 'moral']),
  regimen: z.string().nullable(),
  regimenDescripcion: z.string().nullable(),
  phone: z.string().nullable(),
  /** IMSS registro patronal (11 characters) or null. */
  registroPatronal: z.string().nullable(),
  /** URL of the profile picture (authenticated), or null. */
  img: z.string().nullable(),
  rol: z.number().int(),
  planId: z.number().int(),
  created_at: z.string(),
  address: profileAddressSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const profileQuerySchema = z.object({
  onlyAddress: z
    .enum(['0', '1', 'true', 'false'], { error: 'onlyAddress debe ser 0 o 1' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export const profileResponseSchema = z.union([profileSchema, z.object({ address: profileAddressSchema })]);

/** `POST /api/profile/password` (spec §5 rules). */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: 'La contraseña actual es obligatoria' }).min(1, 'La contraseña actual es obligatoria').max(200),
    password: passwordSchema('La nueva contraseña'),
    password_confirmation: z.string({ error: 'Confirma la nueva contraseña' }),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'Las contraseñas no coinciden' })
  .refine((v) => v.password !== v.current_password, { path: ['password'], message: 'La nueva contraseña debe ser distinta de la actual' });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export const changePasswordResponseSchema = z.object({ message: z.string(), access_token: z.string() });

export const avatarResponseSchema = z.object({ message: z.string(), img: z.string() });

/** CSD or e.firma. */
export const CREDENTIAL_KINDS = ['csd', 'efirma'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];
export const CREDENTIAL_STATUSES = ['pending', 'valid', 'invalid'] as const;

/** What the screen shows of a certificate on file: public facts only, never the key or password. */
export const credentialInfoSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CREDENTIAL_KINDS),
  status: z.enum(CREDENTIAL_STATUSES),
  statusMessage: z.string().nullable(),
  noCertificado: z.string().nullable(),
  rfc: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  daysToExpiry: z.number().int().nullable(),
  /** Spanish warning when ≤ 30 days remain. */
  warning: z.string().nullable(),
  jobId: z.string().nullable(),
  updated_at: z.string(),
});
export type CredentialInfo = z.infer<typeof credentialInfoSchema>;
/** `GET /api/profile/{csd|efirma}`: the credential in use and, when newer, the last upload attempt. */
export const credentialStatusSchema = z.object({
  credential: credentialInfoSchema.nullable(),
  lastAttempt: credentialInfoSchema.nullable(),
});
export type CredentialStatus = z.infer<typeof credentialStatusSchema>;
/** `GET /api/profile/ciec`: whether a CIEC is on file and its validation result. */
export const ciecStatusSchema = z.object({
  ciec: z
    .object({ status: z.enum(CREDENTIAL_STATUSES), statusMessage: z.string().nullable(), jobId: z.string().nullable(), updated_at: z.string() })
    .nullable(),
});
export type CiecStatus = z.infer<typeof ciecStatusSchema>;

/** Client-side check of the credential form (the files themselves are checked by the API). */
export const credentialPasswordSchema = z
  .string({ error: 'La contraseña de la llave privada es obligatoria' })
  .min(1, 'La contraseña de la llave privada es obligatoria')
  .max(100, 'La contraseña de la llave privada es demasiado larga');

const isoDate = (label: string) =>
  z
    .string({ error: `${label} es obligatoria` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} debe tener el formato AAAA-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} no es una fecha válida`);
const optionalDate = (label: string) =>
  z.union([isoDate(label), z.literal(''), z.null()]).optional().transform((v) => v || null);

/** Spec §3 fiscal obligation (descripcion, vencimiento). */
export const obligationInputSchema = z
  .object({
    descripcion: z.string({ error: 'La descripción es obligatoria' }).trim().min(3, 'La descripción es muy corta').max(500, 'La descripción debe tener como máximo 500 caracteres'),
    vencimiento: z.string({ error: 'El vencimiento es obligatorio' }).trim().min(3, 'Indica el vencimiento').max(300, 'El vencimiento debe tener como máximo 300 caracteres'),
    init_date: optionalDate('La fecha de inicio'),
    end_date: optionalDate('La fecha de fin'),
  })
  .refine((v) => !v.init_date || !v.end_date || v.end_date >= v.init_date, { path: ['end_date'], message: 'La fecha de fin no puede ser anterior a la de inicio' });
export type ObligationInput = z.input<typeof obligationInputSchema>;
export const obligationSchema = z.object({
  id: z.number().int(),
  descripcion: z.string(),
  vencimiento: z.string(),
  init_date: z.string().nullable(),
  end_date: z.string().nullable(),
  source: z.enum(['manual', 'csf']),
  created_at: z.string(),
});
export type Obligation = z.infer<typeof obligationSchema>;
export const obligationPageSchema = pageOf(obligationSchema);

/** Spec §3 economic activity (name, percentage, init_date, end_date). */
export const activityInputSchema = z
  .object({
    name: z.string({ error: 'La actividad es obligatoria' }).trim().min(3, 'El nombre de la actividad es muy corto').max(500, 'La actividad debe tener como máximo 500 caracteres'),
    percentage: z.coerce
      .number({ error: 'El porcentaje es obligatorio' })
      .int('El porcentaje debe ser un número entero')
      .min(1, 'El porcentaje debe ser al menos 1')
      .max(100, 'El porcentaje no puede ser mayor a 100'),
    init_date: isoDate('La fecha de inicio'),
    end_date: optionalDate('La fecha de fin'),
  })
  .refine((v) => !v.end_date || v.end_date >= v.init_date, { path: ['end_date'], message: 'La fecha de fin no puede ser anterior a la de inicio' });
export type ActivityInput = z.input<typeof activityInputSchema>;
export const activitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percentage: z.number().int(),
  init_date: z.string(),
  end_date: z.string().nullable(),
  source: z.enum(['manual', 'csf']),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityPageSchema = pageOf(activitySchema);

export const profileItemParamsSchema = z.object({ id: idParam('Registro no encontrado') });

/** Spec §3 tax-status certificate (rfc, created_at, url) plus what was read from it. */
export const taxCertificateSchema = z.object({
  id: z.number().int(),
  rfc: z.string(),
  nombre: z.string(),
  cp: z.string().nullable(),
  regimenes: z.array(z.string()),
  idCIF: z.string().nullable(),
  /** Authenticated download of the uploaded PDF. */
  url: z.string(),
  created_at: z.string(),
});
export type TaxCertificate = z.infer<typeof taxCertificateSchema>;
export const taxCertificatePageSchema = pageOf(taxCertificateSchema);
/** `POST /api/profile/csf`: the stored certificate and what it put in obligations and activities. */
export const csfUploadResponseSchema = z.object({
  certificate: taxCertificateSchema,
  obligations: z.array(obligationSchema),
  activities: z.array(activitySchema),
  message: z.string(),
});
export type CsfUploadResponse = z.infer<typeof csfUploadResponseSchema>;
