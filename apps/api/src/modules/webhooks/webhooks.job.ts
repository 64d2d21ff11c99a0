import type PgBoss from 'pg-boss';
import { QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { allowHostsFromEnv } from './webhook-guard';
import { deliverDue } from './webhooks.service';

/**
 * Issue 29 §5: deliveries run here, never in the request. A job right after an event sends its deliveries; the
 * every-minute schedule sends the retries whose backoff has passed (and anything a lost job left behind).
 */
export async function registerWebhookWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  const deps = { db: ctx.db, secrets: ctx.secrets, allowHosts: allowHostsFromEnv() };
  await boss.work<{ ids?: number[] }>(QUEUES.webhookDeliveries, async ([job]) => {
    await deliverDue(deps, undefined, job?.data?.ids);
  });
  await boss.schedule(QUEUES.webhookDeliveries, '* * * * *', {}, { tz: 'America/Mexico_City' });
}
