import type PgBoss from 'pg-boss';
import { runAutoSync } from './sat-download-settings.service';
import { QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';

/** Issue 15 §1: the daily automatic SAT download for the accounts that turned it on. */
export async function registerSatDownloadAutoWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work(QUEUES.satDownloadAuto, async () => {
    const summary = await runAutoSync(ctx);
    if (summary.failed) console.warn('[sat-download-auto]', JSON.stringify(summary));
  });
  // Every day at 06:00 Mexico City; schedule() is an upsert, safe from every process.
  await boss.schedule(QUEUES.satDownloadAuto, '0 6 * * *', {}, { tz: 'America/Mexico_City' });
}
