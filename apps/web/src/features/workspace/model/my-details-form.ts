import { z } from 'zod';
import { changeMyEmailSchema, changeMyPasswordSchema, emailLanguageSchema, EMAIL_LANGUAGES, EMAIL_LANGUAGE_LABELS } from '@facturo/contract';

/** «Mis datos» (decision 315): the person's name and the language of its e-mails, both always sent. */
export const personFormSchema = z.object({
  nombre: z.string().trim().min(1, 'Escribe tu nombre').max(254, 'El nombre admite hasta 254 caracteres'),
  idioma: emailLanguageSchema,
});
export type PersonForm = z.infer<typeof personFormSchema>;

export const languageOptions = EMAIL_LANGUAGES.map((value) => ({ value, label: EMAIL_LANGUAGE_LABELS[value] }));

/**
 * The password form: the API's shape ({actual, nueva}, spec §5 rules, not the same as the current one) plus a
 * confirmation typed twice, checked here only (the API never sees it).
 */
export const passwordFormSchema = z.object({
  actual: z.string().min(1, 'La contraseña actual es obligatoria'),
  nueva: z.string(),
  confirmacion: z.string(),
}).superRefine((v, ctx) => {
  const api = changeMyPasswordSchema.safeParse({ actual: v.actual, nueva: v.nueva });
  // One message at a time under the field, the first rule it breaks (the rules list under it shows the rest).
  const first = api.success ? undefined : api.error.issues.find((i) => i.path[0] === 'nueva');
  if (first) ctx.addIssue({ code: 'custom', path: ['nueva'], message: first.message });
  if (v.confirmacion !== v.nueva) ctx.addIssue({ code: 'custom', path: ['confirmacion'], message: 'Las contraseñas no coinciden' });
});
export type PasswordForm = z.infer<typeof passwordFormSchema>;
export const emptyPasswordForm: PasswordForm = { actual: '', nueva: '', confirmacion: '' };

/** A new e-mail address and the current password (the API's own shape). */
export const emailFormSchema = changeMyEmailSchema;
export type EmailForm = { email: string; actual: string };
export const emptyEmailForm: EmailForm = { email: '', actual: '' };
