import { z } from 'zod';
import { idParam } from './input-rules';
import { pageOf, pageQuerySchema } from './pagination';

/**
 * Novedades (/app/announcement): product news and SAT changes published by an administrator (role 1).
 * `kind` separates what changed in Facturo from what changed at SAT (catalogs, deadlines, rules).
 */
export const ANNOUNCEMENT_KINDS = ['producto', 'sat'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

export const announcementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where to read more (a SAT page, a screen of the app); optional. */
  link: z.string().nullable(),
  published_at: z.string(),
  /** Whether the signed-in user has read it. */
  read: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementPageSchema = pageOf(announcementSchema);

export const announcementQuerySchema = pageQuerySchema.extend({
  kind: z.enum(ANNOUNCEMENT_KINDS).optional(),
});

export const announcementIdParamsSchema = z.object({ id: idParam('La novedad no existe') });

const linkSchema = z
  .string()
  .trim()
  .max(500, 'El enlace no puede exceder 500 caracteres')
  .refine((v) => v === '' || v.startsWith('/') || /^https:\/\/[^\s]+$/.test(v), 'El enlace debe empezar con https:// o con / (una pantalla de la app)')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const announcementInputSchema = z.object({
  kind: z.enum(ANNOUNCEMENT_KINDS, { error: 'Elige el tipo de novedad: producto o SAT' }),
  title: z.string({ error: 'Escribe el título' }).trim().min(1, 'Escribe el título').max(150, 'El título no puede exceder 150 caracteres'),
  body: z.string({ error: 'Escribe el texto' }).trim().min(1, 'Escribe el texto').max(5000, 'El texto no puede exceder 5,000 caracteres'),
  link: linkSchema,
});
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
