import { z } from 'zod';
import { emailSchema } from './auth';

export const outboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files sent with the message (invoice XML and PDF), content base64. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), content: z.string() })).default([]),
  created_at: z.string(),
});
export const outboxResponseSchema = z.object({ data: z.array(outboxMessageSchema) });

/** Test-only account switches (NODE_ENV=test): exercise the 402 / 451 / premium paths end to end. */
export const accountFlagsSchema = z.object({
  unpaid: z.boolean().optional(),
  suspended: z.boolean().optional(),
  rol: z.union([z.literal(1), z.literal(10), z.literal(11)]).optional(),
  /** Sets the stamp balance (specs that share one account stamp more than the 10 free stamps). */
  timbres: z.number().int().min(0).max(100_000).optional(),
});

/** `GET /api/dev/outbox?to=`: the messages sent to one address. */
export const outboxQuerySchema = z.object({ to: emailSchema });
