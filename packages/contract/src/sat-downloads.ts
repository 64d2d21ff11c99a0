import { z } from 'zod';

/**
 * Issue 15 §1: bulk download of the account's issued or received CFDI from SAT's "descarga masiva" web
 * service, as a DOWNLOAD_INVOICES background process. The documents go through the same import path as an
 * upload (seal checks, dedupe by UUID); the download's state is polled here and pushed live on the socket.
 */
export const SAT_DOWNLOAD_TIPOS = ['emitidos', 'recibidos'] as const;
export type SatDownloadTipo = (typeof SAT_DOWNLOAD_TIPOS)[number];

export const SAT_DOWNLOAD_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type SatDownloadStatus = (typeof SAT_DOWNLOAD_STATUSES)[number];

/** SAT's descarga masiva answers CFDI issued from 2014 on (the first CFDI 3.3/3.2 years it keeps online). */
export const SAT_DOWNLOAD_FIRST_YEAR = 2014;

export const satDownloadStartSchema = z.object({
  month: z.number({ error: 'El mes es obligatorio' }).int('El mes debe ser un número entero').min(1, 'El mes va de 1 a 12').max(12, 'El mes va de 1 a 12'),
  year: z.number({ error: 'El año es obligatorio' }).int('El año debe ser un número entero')
    .min(SAT_DOWNLOAD_FIRST_YEAR, `El SAT solo descarga CFDI desde ${SAT_DOWNLOAD_FIRST_YEAR}`).max(2100, 'El año no es válido'),
  tipo: z.enum(SAT_DOWNLOAD_TIPOS, { error: 'El tipo debe ser «emitidos» o «recibidos»' }),
});
export type SatDownloadStart = z.infer<typeof satDownloadStartSchema>;

export const satDownloadStartedSchema = z.object({ id: z.string() });

export const satDownloadParamsSchema = z.object({ id: z.uuid('El identificador de la descarga no es válido') });

export const satDownloadRejectionSchema = z.object({ file: z.string(), reason: z.string() });

/** One download: where it is, what it brought, and the SAT warning (limits) when there is one. */
export const satDownloadSchema = z.object({
  id: z.string(),
  tipo: z.enum(SAT_DOWNLOAD_TIPOS),
  month: z.number().int(),
  year: z.number().int(),
  status: z.enum(SAT_DOWNLOAD_STATUSES),
  /** Documents SAT delivered (XML files in its packages). */
  total: z.number().int(),
  imported: z.number().int(),
  duplicated: z.number().int(),
  /** Files refused (not a ZIP, not a CFDI, bad seal, another taxpayer's), duplicates not counted. */
  rejected: z.number().int(),
  /** Every refused file with its reason (duplicates included, as the import reports them). */
  rejections: z.array(satDownloadRejectionSchema),
  /** SAT's limits (duplicate request, lifetime limit) in Spanish: the download ends without failing. */
  warning: z.string().nullable(),
  /** The last step's message (what the progress bar says), or why it failed. */
  message: z.string().nullable(),
  /** 0–100 as the progress bar shows it. */
  progress: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SatDownload = z.infer<typeof satDownloadSchema>;

export const satDownloadListSchema = z.object({ data: z.array(satDownloadSchema) });

/** The title of the download's background process and live messages. */
export const SAT_DOWNLOAD_TITLE = 'Descarga de CFDI del SAT';

/** The daily automatic sync (issue 15 §1): how many past days it covers, 1–10, 3 unless the account says otherwise. */
export const SAT_AUTO_SYNC_DIAS_DEFAULT = 3;
export const SAT_AUTO_SYNC_DIAS_MAX = 10;

/** PUT /api/sat/descargas/ajustes: turn the daily automatic download on or off and say how many past days it covers. */
export const satDownloadSettingsUpdateSchema = z.object({
  autoSync: z.boolean({ error: 'Indica si la descarga automática está activada (sí o no)' }),
  dias: z.number({ error: 'Los días son obligatorios' }).int('Los días deben ser un número entero')
    .min(1, `Los días van de 1 a ${SAT_AUTO_SYNC_DIAS_MAX}`).max(SAT_AUTO_SYNC_DIAS_MAX, `Los días van de 1 a ${SAT_AUTO_SYNC_DIAS_MAX}`),
});
export type SatDownloadSettingsUpdate = z.infer<typeof satDownloadSettingsUpdateSchema>;

/** The account's automatic-sync setting and its last daily run (ISO date-time, null before the first one). */
export const satDownloadSettingsSchema = satDownloadSettingsUpdateSchema.extend({
  ultimaEjecucion: z.string().nullable(),
  /** What the last run did (downloads started, or why it started none), in Spanish. */
  ultimoResultado: z.string().nullable(),
});
export type SatDownloadSettings = z.infer<typeof satDownloadSettingsSchema>;
