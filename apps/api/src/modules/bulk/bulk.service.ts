import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  BULK_ENTITY_LABEL, BULK_MAX_FILE_BYTES, BULK_MAX_ROWS, BULK_PREVIEW_SAMPLE, BULK_SYNC_LIMIT, BULK_COLUMNS, messages,
  type BulkEntity, type BulkFormat, type BulkImportResult, type BulkRowError,
} from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import type { Account } from '../../http/context';
import { ADMIN_ROLE } from '../../http/context';
import { AppError, fieldError, forbidden } from '../../http/errors';
import { QUEUES } from '../../jobs/queue';
import { planAllowsProduct } from '../plans/plans.repository';
import { createProcess, updateProcess } from '../background/background.repository';
import { invoicingProviders } from '../invoicing/providers';
import { validateRows, type RowsOutcome } from './bulk-rows';
import { clientCells, employeeCells, exampleCells, productCells } from './bulk-export';
import { allClients, allEmployees, allProducts, existingKeys, writeRows } from './bulk.repository';
import { readTable, SheetError, writeTable, MIME, type Table } from './sheet-io';
import { BULK_IMPORT_TITLE, type BulkImportJobData } from './bulk-import.job';

/** Plan product of each list (spec §6): the same gate as the list's own routes. */
const PLAN_PRODUCT: Record<BulkEntity, number> = { clientes: 6, productos: 5, empleados: 10 };
/** The preview lists at most this many errors (the counts stay exact). */
const MAX_ERRORS = 2000;

export async function assertPlanAllows(ctx: JobContext, account: Account, entity: BulkEntity): Promise<void> {
  if (account.rolId !== ADMIN_ROLE && !(await planAllowsProduct(ctx.db, account.planId, PLAN_PRODUCT[entity]))) throw forbidden(messages.locked);
}

export interface FileAnswer {
  body: Buffer;
  type: string;
  filename: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** GET /api/importar/{entidad}/plantilla: the exact columns and one example row. */
export async function template(ctx: JobContext, account: Account, entity: BulkEntity, format: BulkFormat): Promise<FileAnswer> {
  await assertPlanAllows(ctx, account, entity);
  const body = await writeTable(format, BULK_COLUMNS[entity], [exampleCells(entity)], BULK_ENTITY_LABEL[entity].many);
  return { body, type: MIME[format], filename: `plantilla-${entity}.${format}` };
}

/** GET /api/exportar/{entidad}: the whole list with the import's columns. */
export async function exportList(ctx: JobContext, account: Account, entity: BulkEntity, format: BulkFormat): Promise<FileAnswer> {
  await assertPlanAllows(ctx, account, entity);
  const rows = entity === 'clientes' ? (await allClients(ctx.db, account.id)).map(clientCells)
    : entity === 'productos' ? (await allProducts(ctx.db, account.id)).map(productCells)
      : (await allEmployees(ctx.db, account.id)).map(employeeCells);
  const body = await writeTable(format, BULK_COLUMNS[entity], rows, BULK_ENTITY_LABEL[entity].many);
  return { body, type: MIME[format], filename: `${entity}-${account.rfc}-${today()}.${format}` };
}

/** Reads the multipart `file` part. */
export async function receiveFile(req: FastifyRequest): Promise<Buffer> {
  const file = req.isMultipart() ? await req.file({ limits: { fileSize: BULK_MAX_FILE_BYTES } }) : undefined;
  if (!file) throw fieldError('file', 'Adjunta el archivo .xlsx o .csv en el campo file');
  const buf = await file.toBuffer().catch((err: { code?: string }) => {
    if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', `El archivo supera ${BULK_MAX_FILE_BYTES / (1024 * 1024)} MB: divídelo en partes`, 413);
    throw err;
  });
  if (file.file.truncated) throw fieldError('file', `El archivo supera ${BULK_MAX_FILE_BYTES / (1024 * 1024)} MB: divídelo en partes`, 413);
  if (!buf.length) throw fieldError('file', 'El archivo está vacío');
  return buf;
}

export async function parseTable(buf: Buffer): Promise<Table> {
  try {
    return await readTable(buf, BULK_MAX_ROWS);
  } catch (err) {
    if (err instanceof SheetError) throw fieldError('file', err.message);
    throw err;
  }
}

/** The table judged against the account's current records. */
export async function judge(ctx: JobContext, userId: number, entity: BulkEntity, table: Table): Promise<RowsOutcome> {
  const existing = await existingKeys(ctx.db, userId, entity);
  return validateRows(entity, table, new Set(existing.keys()));
}

function summary(entity: BulkEntity, outcome: RowsOutcome): BulkImportResult {
  const errores: BulkRowError[] = outcome.errors.slice(0, MAX_ERRORS);
  const nuevas = outcome.valid.filter((r) => r.accion === 'crear').length;
  return {
    entidad: entity, total: outcome.total, validas: outcome.valid.length, errores, nuevas, actualizaciones: outcome.valid.length - nuevas,
    muestra: outcome.valid.slice(0, BULK_PREVIEW_SAMPLE).map(({ fila, clave, nombre, accion }) => ({ fila, clave, nombre, accion })),
    ...(outcome.errors.length > MAX_ERRORS ? { message: `Se muestran los primeros ${MAX_ERRORS} de ${outcome.errors.length} errores` } : {}),
  };
}

/**
 * POST /api/importar/{entidad}: the preview; with `confirmar` the valid rows are written — at once, in one
 * transaction, up to BULK_SYNC_LIMIT rows; above it as a background job with live progress (the upload is stored and
 * re-read by the job, so a retry after a crash judges and upserts the same file again).
 */
export async function importFile(ctx: JobContext, account: Account, entity: BulkEntity, req: FastifyRequest, confirmar: boolean): Promise<BulkImportResult> {
  await assertPlanAllows(ctx, account, entity);
  const buf = await receiveFile(req);
  const table = await parseTable(buf);
  if (table.length === 0) throw fieldError('file', 'El archivo no tiene filas: usa la plantilla');
  const outcome = await judge(ctx, account.id, entity, table);
  const result = summary(entity, outcome);
  if (!confirmar) return result;
  const label = BULK_ENTITY_LABEL[entity];
  if (outcome.valid.length === 0) throw new AppError(422, `No hay ${label.many} válidos para importar: corrige los errores del archivo`, { file: ['No hay filas válidas'] });
  if (outcome.valid.length <= BULK_SYNC_LIMIT) {
    const written = await ctx.db.transaction((tx) => writeRows(tx, account.id, entity, outcome.valid));
    return { ...result, importadas: written.creadas + written.actualizadas, proceso: null, message: importedMessage(entity, written) };
  }
  const uploadId = randomUUID();
  const key = `bulk/${account.id}/${uploadId}.bin`;
  await invoicingProviders(ctx).storage.put(key, buf, 'application/octet-stream');
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: 'BULK_IMPORT', title: BULK_IMPORT_TITLE[entity], message: 'En espera' });
  await updateProcess(ctx.db, process.id, { data: { entidad: entity, total: outcome.valid.length, importadas: 0, creadas: 0, actualizadas: 0 } });
  const data: BulkImportJobData = { processId: process.id, userId: account.id, rfc: account.rfc, entity, key };
  // About 2 ms a row on a loaded machine, plus a minute: a killed run is retried well before the user gives up.
  await ctx.boss.send(QUEUES.bulkImport, data, { expireInSeconds: 60 + Math.ceil(outcome.valid.length / 100) });
  return { ...result, importadas: 0, proceso: { id: process.id }, message: `Importando ${outcome.valid.length} ${label.many} en segundo plano` };
}

export function importedMessage(entity: BulkEntity, w: { creadas: number; actualizadas: number }): string {
  const label = BULK_ENTITY_LABEL[entity];
  return `Se importaron ${w.creadas + w.actualizadas} ${label.many}: ${w.creadas} nuevos y ${w.actualizadas} actualizados`;
}
