import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const urgentNotificationsSchema = z.object({ data: z.array(notificationSchema) });

/** Spec §9: re-check every 2 minutes; first run assumes the last review was 1 hour ago. */
export const NOTIFICATIONS_RECHECK_MS = 2 * 60 * 1000;
export const NOTIFICATIONS_FIRST_REVIEW_AGO_MS = 60 * 60 * 1000;
