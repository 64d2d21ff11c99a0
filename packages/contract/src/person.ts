import { z } from 'zod';
import { passwordSchema } from './password';
import { emailSchema } from './auth';

/**
 * Issue 26 §8, decision 315: a person's own settings (name, password, second factor, language of the e-mails
 * sent to the person), apart from the fiscal profile of any account the person works in.
 */
export const EMAIL_LANGUAGES = ['es', 'en'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];
export const EMAIL_LANGUAGE_LABELS: Record<EmailLanguage, string> = { es: 'Español', en: 'Inglés (English)' };
export const emailLanguageSchema = z.enum(EMAIL_LANGUAGES, { error: 'El idioma de los correos debe ser es (español) o en (inglés)' });

export const meResponseSchema = z.object({
  nombre: z.string().nullable(),
  email: z.string(),
  idioma: emailLanguageSchema,
  /** Two-factor sign-in is on (its screen: /cuenta/seguridad, the same card on «Mis datos»). */
  totp: z.boolean(),
});
export type Me = z.infer<typeof meResponseSchema>;

const personNameSchema = z.string({ error: 'El nombre debe ser texto' }).trim()
  .min(1, 'Escribe tu nombre').max(254, 'El nombre admite hasta 254 caracteres');

export const updateMeSchema = z.object({
  nombre: personNameSchema.optional(),
  idioma: emailLanguageSchema.optional(),
}).refine((v) => v.nombre !== undefined || v.idioma !== undefined, { path: ['nombre'], message: 'Indica el nombre o el idioma a cambiar' });
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

export const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta';

/** `POST /api/me/password`: the current password, and a new one under the spec §5 rules. */
export const changeMyPasswordSchema = z.object({
  actual: z.string({ error: 'La contraseña actual es obligatoria' }).min(1, 'La contraseña actual es obligatoria').max(200, WRONG_CURRENT_PASSWORD),
  nueva: passwordSchema('La nueva contraseña'),
}).refine((v) => v.nueva !== v.actual, { path: ['nueva'], message: 'La nueva contraseña debe ser distinta de la actual' });
export type ChangeMyPasswordInput = z.infer<typeof changeMyPasswordSchema>;
/** The other sessions end; this one continues with the fresh token. */
export const changeMyPasswordResponseSchema = z.object({ message: z.string(), access_token: z.string() });

/** `POST /api/me/email`: a new address, confirmed from a link sent to it; the current password proves it is you. */
export const changeMyEmailSchema = z.object({
  email: emailSchema,
  actual: z.string({ error: 'La contraseña actual es obligatoria' }).min(1, 'La contraseña actual es obligatoria').max(200, WRONG_CURRENT_PASSWORD),
});
export type ChangeMyEmailInput = z.infer<typeof changeMyEmailSchema>;
/** `POST /api/me/email/confirmar`: the token of the link mailed to the new address. */
export const confirmMyEmailSchema = z.object({
  token: z.string({ error: 'Falta el enlace de confirmación' }).min(20, 'El enlace no es válido').max(2000, 'El enlace no es válido'),
});
export const confirmMyEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
