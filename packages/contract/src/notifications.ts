import { z } from 'zod';
import { idParam } from './input-rules';

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const urgentNotificationsSchema = z.object({ data: z.array(notificationSchema) });
// An id outside int4 (or not a number) is a notification that does not exist: 404, never a 500 from the database.
export const notificationParamsSchema = z.object({ id: idParam('La notificación no existe') });
/** Marking read: how many notifications the call marked (0 when already read: the call is idempotent). */
export const notificationsReadSchema = z.object({ marked: z.number().int().min(0) });
/** `POST /api/dev/notificacion` (NODE_ENV=test only): an urgent notification for the signed-in account. */
export const devNotificationSchema = z.object({
  title: z.string().trim().min(1).max(200).default('Aviso de prueba'),
  message: z.string().trim().min(1).max(2000).default('Notificación urgente creada por una prueba'),
  link: z.string().max(500).nullable().default(null),
});

/** Spec §9: re-check every 2 minutes; first run assumes the last review was 1 hour ago. */
export const NOTIFICATIONS_RECHECK_MS = 2 * 60 * 1000;
export const NOTIFICATIONS_FIRST_REVIEW_AGO_MS = 60 * 60 * 1000;
