import type PgBoss from 'pg-boss';
import { and, eq } from 'drizzle-orm';
import type { StatementImportState } from '@facturo/contract';
import { ProgressReporter } from '../../jobs/progress';
import { QUEUES, workOneAtATime } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { invoicingProviders } from '../invoicing/providers';
import { bankAccounts, bankMovements } from './bank.schema';
import { proposeMatches } from './bank.service';
import { parseStatementFile } from './domain/detect';
import { balanceWarning, fingerprint, ordinals, StatementFormatError } from './domain/statement';

export interface BankImportJobData {
  processId: string;
  userId: number;
  rfc: string;
  accountId: number;
  fileKey: string;
  fileName: string;
}

export const BANK_IMPORT_TITLE = 'Importación de estado de cuenta';
/** Rows per INSERT: 10,000 movements go in 20 statements (the import bench's budget is 10 s). */
const BATCH = 500;

const reporter = (ctx: JobContext, data: BankImportJobData, attempt = 1) =>
  new ProgressReporter(ctx.db, ctx.publisher, { id: data.processId, rfc: data.rfc, type: 'BANK', title: BANK_IMPORT_TITLE }, attempt);

/**
 * Reads the stored statement, inserts its movements (a fingerprint already stored is a duplicate: ON CONFLICT
 * DO NOTHING, so a retried run or an overlapping statement adds only what is new), then proposes matches for
 * the new ones. The state (counts, rejected lines, warnings) is the background record's `data`.
 */
export async function runBankImport(ctx: JobContext, data: BankImportJobData, attempt = 1): Promise<StatementImportState> {
  const progress = reporter(ctx, data, attempt);
  const state: StatementImportState = { status: 'running', importados: 0, duplicados: 0, rechazados: [], advertencias: [], formato: null, progress: 5, mensaje: null };
  await (attempt > 1 ? progress.retrying() : progress.step(5, 'Leyendo el estado de cuenta', state));
  const [account] = await ctx.db.select().from(bankAccounts).where(and(eq(bankAccounts.userId, data.userId), eq(bankAccounts.id, data.accountId)));
  const bytes = await invoicingProviders(ctx).storage.get(data.fileKey);
  if (!account || !bytes) {
    const failed = { ...state, status: 'failed' as const, progress: 100, mensaje: 'No se encontró el archivo o la cuenta' };
    await progress.fail(failed.mensaje, failed);
    return failed;
  }
  let parsed;
  try {
    parsed = await parseStatementFile(bytes, data.fileName, account.mapeo ?? null);
  } catch (e) {
    if (!(e instanceof StatementFormatError)) throw e;
    const failed = { ...state, status: 'failed' as const, progress: 100, mensaje: e.message };
    await progress.fail(e.message, failed);
    return failed;
  }
  state.formato = parsed.formato;
  state.rechazados = parsed.rechazados;
  const total = parsed.statements.reduce((a, s) => a + s.movimientos.length, 0);
  const newIds: number[] = [];
  let done = 0;
  for (const s of parsed.statements) {
    const warning = balanceWarning(s);
    if (warning) state.advertencias.push(warning);
    if (s.moneda && s.moneda !== account.moneda) state.advertencias.push(`El estado${s.cuenta ? ` de la cuenta ${s.cuenta}` : ''} está en ${s.moneda} y la cuenta bancaria en ${account.moneda}`);
    const ords = ordinals(s.movimientos);
    const rows = s.movimientos.map((m, i) => ({
      userId: data.userId, accountId: data.accountId, importId: data.processId, fecha: m.fecha, importe: m.importe,
      descripcion: m.descripcion.slice(0, 2000), referencia: m.referencia?.slice(0, 200) ?? null, contraparte: m.contraparte?.slice(0, 300) ?? null,
      saldo: m.saldo, bankId: m.bankId?.slice(0, 120) ?? null, cuentaEstado: s.cuenta?.slice(0, 60) ?? null,
      fingerprint: fingerprint(data.accountId, m, ords[i]!),
    }));
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const inserted = await ctx.db.insert(bankMovements).values(batch).onConflictDoNothing().returning({ id: bankMovements.id });
      newIds.push(...inserted.map((r) => r.id));
      state.importados += inserted.length;
      state.duplicados += batch.length - inserted.length;
      done += batch.length;
      state.progress = 5 + Math.round((done / Math.max(1, total)) * 80);
      await progress.step(state.progress, `Importando ${done} de ${total} movimientos`, state);
    }
  }
  await progress.step(88, 'Buscando las facturas que paga cada movimiento', state);
  await proposeMatches(ctx.db, data.userId, data.accountId, newIds, invoicingProviders(ctx).rates);
  const result: StatementImportState = { ...state, status: 'done', progress: 100 };
  const summary = `${result.importados} movimientos importados, ${result.duplicados} ya estaban, ${result.rechazados.length} rechazados`;
  await progress.succeed(summary, result, result.advertencias.length ? result.advertencias.join('. ') : null);
  return result;
}

export async function registerBankImportWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await workOneAtATime<BankImportJobData>(boss, QUEUES.bankImport, (data, attempt) => runBankImport(ctx, data, attempt), async (data) => {
    const failed: StatementImportState = { status: 'failed', importados: 0, duplicados: 0, rechazados: [], advertencias: [], formato: null, progress: 100, mensaje: 'La importación falló; inténtalo de nuevo' };
    await reporter(ctx, data).fail(failed.mensaje!, failed);
  });
}
