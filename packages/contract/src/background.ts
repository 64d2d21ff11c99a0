import { z } from 'zod';

export const PROCESS_TYPES = ['CIF', 'DOWNLOAD_INVOICES', 'CSF', 'CIEC', 'CSD', 'EFIRMA', 'PAYROLL', 'CONTABILIDAD', 'BANK', 'BULK_IMPORT'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

/** Spec §3 background process, plus progress bookkeeping. */
export const backgroundProcessSchema = z.object({
  id: z.string(),
  type: z.enum(PROCESS_TYPES),
  title: z.string(),
  message: z.string(),
  month: z.number().int().nullable(),
  year: z.number().int().nullable(),
  warning: z.string().nullable(),
  progress: z.number().int(),
  finished: z.boolean(),
  code: z.number().int().nullable(),
  last_update: z.string(),
});
export type BackgroundProcess = z.infer<typeof backgroundProcessSchema>;
export const backgroundProcessListSchema = z.object({ data: z.array(backgroundProcessSchema) });

/** Socket event names (spec §7.16) and the live progress message (spec §3). */
export const SOCKET_EVENTS = {
  progress: 'progress',
  ciec: 'ciec',
  cif: 'cif',
  csf: 'csf',
  csd: 'csd',
  efirma: 'efirma',
  downloadInvoices: 'downloadInvoices',
  payroll: 'payroll',
  contabilidad: 'contabilidad',
  /** Issue 27: bank statement imports and payment complements stamped from the bank. */
  bank: 'bank',
  charge: 'frontStEvent',
  bulkImport: 'bulkImport',
} as const;
/** The event each process type reports on besides `progress` (spec §7.16): the API publishes on it, the web listens. */
export const SOCKET_EVENT_BY_TYPE: Record<ProcessType, (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS]> = {
  CIEC: SOCKET_EVENTS.ciec,
  CIF: SOCKET_EVENTS.cif,
  CSF: SOCKET_EVENTS.csf,
  CSD: SOCKET_EVENTS.csd,
  EFIRMA: SOCKET_EVENTS.efirma,
  DOWNLOAD_INVOICES: SOCKET_EVENTS.downloadInvoices,
  PAYROLL: SOCKET_EVENTS.payroll,
  CONTABILIDAD: SOCKET_EVENTS.contabilidad,
  BANK: SOCKET_EVENTS.bank,
  BULK_IMPORT: SOCKET_EVENTS.bulkImport,
};
export const SOCKET_CODES = { ok: 200, error: 500 } as const;

export const progressMessageSchema = z.object({
  rfc: z.string(),
  title: z.string(),
  message: z.string(),
  code: z.number().int(),
  finished: z.boolean(),
  data: z.unknown().optional(),
  warning: z.string().nullable().optional(),
  month: z.number().int().nullable().optional(),
  year: z.number().int().nullable().optional(),
  last_update: z.string(),
  jobId: z.string().optional(),
  type: z.enum(PROCESS_TYPES).optional(),
  progress: z.number().int().min(0).max(100).optional(),
  /** Present from the second attempt on: the job was retried (its process died or it failed) — "Reintentando…". */
  attempt: z.number().int().min(2).optional(),
});
export type ProgressMessage = z.infer<typeof progressMessageSchema>;

export const ciecSchema = z.object({
  ciec: z.string({ error: 'La CIEC es obligatoria' }).min(8, 'La CIEC debe tener al menos 8 caracteres').max(40, 'La CIEC es demasiado larga'),
});
export const jobStartedSchema = z.object({ id: z.string(), message: z.string() });

/** `GET /api/background/process/:id`: jobs are named by uuid. */
export const backgroundProcessParamsSchema = z.object({ id: z.uuid('Identificador inválido') });
