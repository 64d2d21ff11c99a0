import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, type ImportState } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import type { Account } from '../../http/context';
import { AppError, fieldError, notFound } from '../../http/errors';
import { CFDI_IMPORT_TITLE, type CfdiImportJobData } from './cfdi-import.job';
import { importExpireInSeconds, QUEUES } from '../../jobs/queue';
import { invoicingProviders } from '../invoicing/providers';
import { createProcess, findProcess, updateProcess } from '../background/background.repository';
import type { UploadedImportFile } from './import-run';

const MB = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** Reads the multipart upload (any number of .xml / .zip parts, any field name) into storage. */
async function receiveFiles(ctx: JobContext, req: FastifyRequest, userId: number, importId: string): Promise<{ files: UploadedImportFile[]; bytes: number }> {
  if (!req.isMultipart()) throw fieldError('files', 'Envía los archivos .xml o .zip como multipart/form-data');
  const { storage } = invoicingProviders(ctx);
  const files: UploadedImportFile[] = [];
  let total = 0;
  const parts = req.parts({ limits: { files: IMPORT_LIMITS.maxFiles, fileSize: IMPORT_LIMITS.maxFileBytes, fields: 10 } });
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer().catch((err: { code?: string }) => {
      if (err?.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, `${part.filename} supera ${MB(IMPORT_LIMITS.maxFileBytes)}`, { files: [`${part.filename} supera ${MB(IMPORT_LIMITS.maxFileBytes)}`] });
      }
      if (err?.code === 'FST_FILES_LIMIT') throw fieldError('files', `Sube a lo más ${IMPORT_LIMITS.maxFiles} archivos por importación`, 413);
      throw err;
    });
    total += data.length;
    if (total > IMPORT_LIMITS.maxUploadBytes) throw fieldError('files', `Los archivos suman más de ${MB(IMPORT_LIMITS.maxUploadBytes)}: impórtalos en partes`, 413);
    const name = (part.filename || `archivo-${files.length + 1}`).split(/[\\/]/).pop()!;
    const key = `imports/${userId}/${importId}/${files.length}.${/\.zip$/i.test(name) ? 'zip' : 'xml'}`;
    await storage.put(key, data, part.mimetype || 'application/octet-stream');
    files.push({ name, key });
  }
  if (files.length === 0) throw fieldError('files', 'Adjunta al menos un archivo .xml o .zip');
  return { files, bytes: total };
}

/** POST /api/cfdi/import: stores the upload, opens the import's background record and enqueues the job. */
export async function startImport(ctx: JobContext, account: Account, req: FastifyRequest): Promise<{ id: string }> {
  const uploadId = randomUUID();
  const { files, bytes } = await receiveFiles(ctx, req, account.id, uploadId);
  const pending: ImportState = { status: 'pending', total: 0, imported: 0, duplicated: 0, rejected: [], message: null, progress: 0 };
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: 'DOWNLOAD_INVOICES', title: CFDI_IMPORT_TITLE, message: 'En espera' });
  await updateProcess(ctx.db, process.id, { data: pending });
  const data: CfdiImportJobData = { processId: process.id, userId: account.id, rfc: account.rfc, regimen: account.regimen, files };
  // A worker killed mid-import (kill -9, a lost machine) leaves the job active: it expires after a time sized
  // to the upload and runs again (issue 12 §4), storing what the first run had not (documents dedupe by UUID).
  await ctx.boss.send(QUEUES.cfdiImport, data, { expireInSeconds: importExpireInSeconds(bytes) });
  return { id: process.id };
}

/** GET /api/cfdi/import/:id: the state kept in the import's background record (another account's id → 404). */
export async function importState(ctx: JobContext, account: Account, id: string): Promise<ImportState> {
  const row = await findProcess(ctx.db, account.id, id);
  if (!row || row.title !== CFDI_IMPORT_TITLE) throw notFound('No se encontró la importación');
  const data = (row.data ?? {}) as Partial<ImportState>;
  const status: ImportState['status'] = row.finished ? (row.code === 500 ? 'failed' : 'done') : data.status === 'running' ? 'running' : 'pending';
  return {
    status,
    total: data.total ?? 0,
    imported: data.imported ?? 0,
    duplicated: data.duplicated ?? 0,
    rejected: data.rejected ?? [],
    message: status === 'failed' ? (data.message ?? row.message) : null,
    ...(data.blacklisted?.length ? { blacklisted: data.blacklisted } : {}),
    ...(data.destinations?.length ? { destinations: data.destinations } : {}),
    progress: row.progress,
  };
}
