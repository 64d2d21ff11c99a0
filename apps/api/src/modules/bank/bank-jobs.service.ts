import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { ComplementsState, StatementImportState } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import type { Account } from '../../http/context';
import { AppError, fieldError, notFound } from '../../http/errors';
import { QUEUES } from '../../jobs/queue';
import { invoicingProviders } from '../invoicing/providers';
import { createProcess, findProcess, updateProcess } from '../background/background.repository';
import { BANK_IMPORT_TITLE, type BankImportJobData } from './bank-import.job';
import { BANK_COMPLEMENTS_TITLE, type BankComplementsJobData } from './bank-complements.job';
import { bankMovements } from './bank.schema';
import { ownAccount } from './bank.service';
import { previewRows } from './domain/detect';
import { StatementFormatError } from './domain/statement';

const MAX_BYTES = 50 * 1024 * 1024;

/** The one statement file of a multipart upload (field `file`; any file part is accepted). */
async function receiveFile(req: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  if (!req.isMultipart()) throw fieldError('file', 'Envía el estado de cuenta como multipart/form-data en el campo file');
  const part = await req.file({ limits: { fileSize: MAX_BYTES, files: 1 } });
  if (!part) throw fieldError('file', 'Adjunta el estado de cuenta (CAMT.053, OFX, CSV o XLSX)');
  const data = await part.toBuffer().catch((err: { code?: string }) => {
    if (err?.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'El estado de cuenta supera 50 MB', 413);
    throw err;
  });
  if (!data.length) throw fieldError('file', 'El archivo está vacío');
  return { name: (part.filename || 'estado').split(/[\\/]/).pop()!, data };
}

/** POST /api/bancos/cuentas/:id/estados: stores the file, opens the background record, enqueues the import. */
export async function startStatementImport(ctx: JobContext, account: Account, accountId: number, req: FastifyRequest): Promise<{ id: string }> {
  await ownAccount(ctx.db, account.id, accountId);
  const file = await receiveFile(req);
  const key = `bank/${account.id}/${randomUUID()}`;
  await invoicingProviders(ctx).storage.put(key, file.data, 'application/octet-stream');
  const pending: StatementImportState = { status: 'pending', importados: 0, duplicados: 0, rechazados: [], advertencias: [], formato: null, progress: 0, mensaje: null };
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: 'BANK', title: BANK_IMPORT_TITLE, message: 'En espera' });
  await updateProcess(ctx.db, process.id, { data: pending });
  const data: BankImportJobData = { processId: process.id, userId: account.id, rfc: account.rfc, accountId, fileKey: key, fileName: file.name };
  await ctx.boss.send(QUEUES.bankImport, data);
  return { id: process.id };
}

function stateOf<T extends { status: string; progress: number }>(row: { finished: boolean; code: number | null; progress: number; data: unknown }, empty: T): T {
  const data = { ...empty, ...((row.data ?? {}) as Partial<T>) };
  const status = row.finished ? (row.code === 500 ? 'failed' : 'done') : data.status === 'running' ? 'running' : 'running';
  return { ...data, status, progress: row.progress };
}

/** GET /api/bancos/estados/:id (another account's id → 404). */
export async function statementImportState(ctx: JobContext, account: Account, id: string): Promise<StatementImportState> {
  const row = await findProcess(ctx.db, account.id, id);
  if (!row || row.title !== BANK_IMPORT_TITLE) throw notFound('No se encontró la importación');
  return stateOf(row, { status: 'running', importados: 0, duplicados: 0, rechazados: [], advertencias: [], formato: null, progress: 0, mensaje: null } as StatementImportState);
}

/** POST /api/bancos/complementos: the accepted PPD movements to complement, as one background job. */
export async function startComplements(ctx: JobContext, account: Account, ids: number[]): Promise<{ id: string }> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db.select({ id: bankMovements.id, estado: bankMovements.estado, complemento: bankMovements.complementoUuid, conciliacion: bankMovements.conciliacion })
    .from(bankMovements).where(and(eq(bankMovements.userId, account.id), inArray(bankMovements.id, unique)));
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw new AppError(404, `No encontramos el movimiento ${missing}`, { movimientos: ['No encontramos el movimiento'] });
  const notReady = rows.find((r) => r.estado !== 'conciliado' || !r.conciliacion.some((a) => a.direction === 'emitido' && a.metodoPago === 'PPD'));
  if (notReady) throw fieldError('movimientos', `El movimiento ${notReady.id} no está conciliado con facturas PPD: no lleva complemento de pago`);
  const todo = unique.filter((id) => !found.get(id)!.complemento);
  if (!todo.length) throw fieldError('movimientos', 'Esos movimientos ya tienen su complemento de pago');
  const empty: ComplementsState = { status: 'pending', timbrados: 0, errores: [], progress: 0 };
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: 'BANK', title: BANK_COMPLEMENTS_TITLE, message: 'En espera' });
  await updateProcess(ctx.db, process.id, { data: empty });
  const data: BankComplementsJobData = { processId: process.id, userId: account.id, rfc: account.rfc, movements: todo };
  // A run stamps one document per movement, 20-400 ms each at the PAC: sized like a payroll run.
  await ctx.boss.send(QUEUES.bankComplements, data, { expireInSeconds: 60 + 5 * todo.length });
  return { id: process.id };
}

export async function complementsState(ctx: JobContext, account: Account, id: string): Promise<ComplementsState> {
  const row = await findProcess(ctx.db, account.id, id);
  if (!row || row.title !== BANK_COMPLEMENTS_TITLE) throw notFound('No se encontró el proceso de complementos');
  return stateOf(row, { status: 'running', timbrados: 0, errores: [], progress: 0 } as ComplementsState);
}

/** POST /api/bancos/cuentas/:id/vista-previa: the first rows of a CSV/XLSX for the mapping screen. */
export async function preview(ctx: JobContext, account: Account, accountId: number, req: FastifyRequest) {
  await ownAccount(ctx.db, account.id, accountId);
  const file = await receiveFile(req);
  try {
    return { filas: await previewRows(file.data, file.name) };
  } catch (e) {
    if (e instanceof StatementFormatError) throw fieldError('file', e.message);
    throw e;
  }
}
