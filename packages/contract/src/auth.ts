import { z } from 'zod';
import { normalizeRfc, rfcMessages, rfcProblem } from './rfc';
import { passwordSchema } from './password';

/**
 * An RFC field. An empty box gets what to do (`empty`), not a format complaint: "El RFC no tiene un formato
 * válido" on a field the user has not filled yet reads as an accusation.
 */
export const rfcField = (empty: string) =>
  z
    .string({ error: 'El RFC es obligatorio' })
    .transform(normalizeRfc)
    .superRefine((v, ctx) => {
      if (!v) {
        ctx.addIssue({ code: 'custom', message: empty });
        return;
      }
      const p = rfcProblem(v);
      if (p) ctx.addIssue({ code: 'custom', message: rfcMessages[p] });
    });
/** Someone else's RFC (a customer, an employee). */
export const rfcSchema = rfcField('Escribe el RFC');

const emailField = (empty: string) =>
  z
    .string({ error: 'El correo electrónico es obligatorio' })
    .trim()
    .toLowerCase()
    .min(1, empty)
    .pipe(z.email('El correo electrónico no es válido').max(190, 'El correo electrónico es demasiado largo'));
export const emailSchema = emailField('Escribe el correo electrónico');
/** The user's own address (registration, codes, password reset). */
const ownEmailSchema = emailField('Escribe tu correo electrónico');

export const preRegisterSchema = z.object({
  rfc: rfcField('Escribe tu RFC'),
  email: ownEmailSchema,
  password: passwordSchema('La contraseña'),
});
export type PreRegisterInput = z.infer<typeof preRegisterSchema>;

export const verificationCodeSchema = z
  .string({ error: 'El código es obligatorio' })
  .trim()
  .min(1, { error: 'Escribe el código de 6 dígitos que te enviamos por correo', abort: true })
  .regex(/^\d{6}$/, 'El código debe tener 6 dígitos');

export const verifyAccountSchema = z.object({ email: ownEmailSchema, code: verificationCodeSchema });
export const resendCodeSchema = z.object({ email: ownEmailSchema });

export const completeAccountSchema = z.object({
  fullName: z.string({ error: 'El nombre es obligatorio' }).trim().min(3, 'El nombre es muy corto').max(254, 'El nombre es demasiado largo'),
  regimen: z.string({ error: 'El régimen fiscal es obligatorio' }).trim().regex(/^\d{3}$/, 'Selecciona un régimen fiscal del catálogo'),
  cp: z.string({ error: 'El código postal es obligatorio' }).trim().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos'),
  estado: z.string({ error: 'El estado es obligatorio' }).trim().min(2, 'Selecciona un estado').max(3),
  municipio: z.string({ error: 'El municipio es obligatorio' }).trim().min(1, 'Selecciona un municipio').max(3),
  timeZone: z.string({ error: 'La zona horaria es obligatoria' }).trim().min(3, 'Selecciona una zona horaria').max(64),
});
export type CompleteAccountInput = z.infer<typeof completeAccountSchema>;

export const loginSchema = z.object({
  username: z.string({ error: 'El RFC o correo es obligatorio' }).trim().min(1, 'Escribe tu RFC o correo electrónico').max(190),
  password: z.string({ error: 'La contraseña es obligatoria' }).min(1, 'Escribe tu contraseña').max(200),
  remember: z.boolean().optional(),
  /** Issue 26 §7: the second factor (6-digit TOTP or a recovery code), asked after the password when enabled. */
  code: z.string().trim().max(20).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const sendResetCodeSchema = z.object({ email: ownEmailSchema });
export const resetPasswordSchema = z
  .object({
    email: ownEmailSchema,
    code: verificationCodeSchema,
    password: passwordSchema('La contraseña'),
    password_confirmation: z.string({ error: 'Confirma la contraseña' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Las contraseñas no coinciden',
  });

/** Role ids, spec §6. */
export const ROLES = { admin: 1, free: 10, premium: 11 } as const;
export const PREMIUM_ROLE_IDS = [1, 11] as const;

export const sessionUserSchema = z.object({
  name: z.string().nullable(),
  rfc: z.string(),
  img: z.string().nullable(),
  email: z.string(),
  regimen: z.string().nullable(),
  clave_sat: z.string().nullable(),
  is_confirmed: z.boolean(),
  profile_completed: z.boolean(),
  rol: z.number().int(),
  contr_stripe: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Spec §3 login response. */
export const loginResponseSchema = z.object({
  access_token: z.string(),
  user: sessionUserSchema,
  filters: z.object({ year: z.number().int(), month: z.number().int() }).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const catalogItemSchema = z.object({ clave: z.string(), nombre: z.string() });
export const regimenItemSchema = z.object({ clave: z.string(), descripcion: z.string(), fisica: z.boolean(), moral: z.boolean() });
export const registrationCatalogsSchema = z.object({
  estados: z.array(catalogItemSchema),
  regimen: z.array(regimenItemSchema),
  timeZones: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type RegistrationCatalogs = z.infer<typeof registrationCatalogsSchema>;
export const municipiosResponseSchema = z.object({ municipios: z.array(catalogItemSchema) });

/** Mexico's time zones (IANA) offered at registration. */
export const MX_TIME_ZONES = [
  { value: 'America/Mexico_City', label: 'Centro (Ciudad de México)' },
  { value: 'America/Cancun', label: 'Sureste (Quintana Roo)' },
  { value: 'America/Chihuahua', label: 'Pacífico (Chihuahua)' },
  { value: 'America/Mazatlan', label: 'Pacífico (Sinaloa, Nayarit, BCS)' },
  { value: 'America/Hermosillo', label: 'Pacífico sin horario de verano (Sonora)' },
  { value: 'America/Tijuana', label: 'Noroeste (Baja California)' },
  { value: 'America/Ciudad_Juarez', label: 'Frontera norte (Ciudad Juárez)' },
  { value: 'America/Matamoros', label: 'Frontera noreste (Matamoros)' },
] as const;
