import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { fiscalCredentials } from '../../db/schema';
import { ProgressReporter } from '../../jobs/progress';
import { QUEUES, workOneAtATime } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';

export interface CiecJobData {
  processId: string;
  credentialId: number;
  rfc: string;
  title: string;
}

export const CIEC_SECRET_PURPOSE = 'ciec';

/** Validates a stored CIEC against SAT (through the SAT port) and reports each step live. */
const reporter = (ctx: JobContext, data: CiecJobData, attempt = 1) =>
  new ProgressReporter(ctx.db, ctx.publisher, { id: data.processId, rfc: data.rfc, type: 'CIEC', title: data.title }, attempt);

export async function runCiecValidation(ctx: JobContext, data: CiecJobData, attempt = 1): Promise<void> {
  const progress = reporter(ctx, data, attempt);
  if (attempt > 1) await progress.retrying();
  await progress.step(10, 'Preparando la validación de tu CIEC');
  const [credential] = await ctx.db.select().from(fiscalCredentials).where(eq(fiscalCredentials.id, data.credentialId)).limit(1);
  if (!credential) return progress.fail('No se encontró la CIEC a validar');
  const ciec = ctx.secrets.open(credential.secret, CIEC_SECRET_PURPOSE).toString('utf8');
  await progress.step(35, 'Consultando al SAT');
  const result = await ctx.sat.validateCiec(data.rfc, ciec);
  await progress.step(80, 'Guardando el resultado');
  await ctx.db.update(fiscalCredentials)
    .set({ status: result.valid ? 'valid' : 'invalid', statusMessage: result.message, updatedAt: new Date() })
    .where(eq(fiscalCredentials.id, data.credentialId));
  const outcome = { handledBy: `${ctx.role}:${process.pid}` };
  if (result.valid) await progress.succeed(result.message, outcome);
  else await progress.fail(result.message, outcome);
}

export async function registerCiecWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await workOneAtATime<CiecJobData>(boss, QUEUES.ciecValidate, (data, attempt) => runCiecValidation(ctx, data, attempt),
    (data, attempt) => reporter(ctx, data, attempt).fail('Ocurrió un error al validar la CIEC; inténtalo de nuevo'));
}
