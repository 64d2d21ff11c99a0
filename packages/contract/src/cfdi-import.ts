import { z } from 'zod';

/**
 * Issue 13 §1: importing CFDI (received ones and the account's own issued history) from .xml files and .zip
 * archives. The import runs as a background job; its state is polled here and pushed live on the socket.
 */
export const IMPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importRejectionSchema = z.object({ file: z.string(), reason: z.string() });
export type ImportRejection = z.infer<typeof importRejectionSchema>;

export const importStartedSchema = z.object({ id: z.string() });

export const importIdParamsSchema = z.object({ id: z.string().uuid('El identificador de la importación no es válido') });

export const importStateSchema = z.object({
  status: z.enum(IMPORT_STATUSES),
  /** Documents found (XML files, including those inside ZIPs). */
  total: z.number().int(),
  imported: z.number().int(),
  duplicated: z.number().int(),
  rejected: z.array(importRejectionSchema),
  /** Why the whole import failed (a refused archive), when it did. */
  message: z.string().nullable(),
  /** 0–100, as the progress bar shows it. */
  progress: z.number().int(),
  /** Imported documents whose counterparty is on SAT's 69-B list as presunto or definitivo (issue 15 §4). */
  blacklisted: z.array(z.object({ uuid: z.string(), rfc: z.string(), situacion: z.string() })).optional(),
  /**
   * Where the imported CFDI went (issue 25 item 9): issued ones to Ingresos, received ones to Gastos, each counted
   * by the month of its fecha (the month whose list shows it); ordered by direction, then year and month.
   */
  destinations: z.array(z.object({
    direction: z.enum(['emitido', 'recibido']),
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    count: z.number().int(),
  })).optional(),
});
export type ImportState = z.infer<typeof importStateSchema>;

/** Upload limits (also shown by the dialog). */
export const IMPORT_LIMITS = { maxFiles: 200, maxFileBytes: 50 * 1024 * 1024, maxUploadBytes: 100 * 1024 * 1024 } as const;
