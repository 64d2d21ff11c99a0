import type PgBoss from 'pg-boss';
import type { JobContext } from '../../jobs/context';
import { QUEUES } from '../../jobs/queue';
// Registers the retentions' storer: a constancia left 'timbrando' is stored where constancias live.
import '../retentions/retentions.service';
import { invoicingProviders } from './providers';
import { resolveStaleAttempts, STALE_ATTEMPT_MS } from './stamping';

/**
 * Documents left 'timbrando' (their process died between the claiming and the completing transaction, or the
 * PAC did not answer) are re-sent as the very sealed XML once they are STALE_ATTEMPT_MS old: the PAC answers
 * the stored timbre of one it had stamped; one it never saw is stamped now or refused and recorded as no
 * timbrado (decision 282).
 */
export function recoverStamps(ctx: JobContext, olderThanMs = STALE_ATTEMPT_MS) {
  return resolveStaleAttempts(invoicingProviders(ctx), olderThanMs);
}

export async function registerStampRecoveryWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work(QUEUES.stampRecovery, async () => {
    await recoverStamps(ctx);
  });
  // Every minute; schedule() is an upsert, safe from every process.
  await boss.schedule(QUEUES.stampRecovery, '* * * * *', {});
}
