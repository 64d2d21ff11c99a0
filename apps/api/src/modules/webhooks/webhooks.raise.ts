import type PgBoss from 'pg-boss';
import type { WebhookEvent } from '@facturo/contract';
import type { Db } from '../../db/client';
import { QUEUES } from '../../jobs/queue';
import { emitEvents } from './webhooks.service';

/**
 * Events raised outside an HTTP answer (decision 308): jobs (the CFDI import, the SAT download) and the
 * payments module call these instead of the onSend hook. They import nothing of their callers, so a job can
 * use them without an import cycle. Never throws: a webhook never fails the work that raised it (the
 * worker's every-minute pass sends what was written and not handed over).
 */

/** Hands delivery ids to the webhook worker (after the rows are committed). */
export async function queueDeliveries(boss: Pick<PgBoss, 'send'>, ids: number[]): Promise<void> {
  if (ids.length) await boss.send(QUEUES.webhookDeliveries, { ids });
}

/** Writes one event per item for the account's subscribed endpoints and queues their delivery. */
export async function raiseEvents(
  ctx: { db: Db; boss: Pick<PgBoss, 'send'> }, userId: number, evento: WebhookEvent, items: Record<string, unknown>[],
): Promise<void> {
  try {
    await queueDeliveries(ctx.boss, await emitEvents(ctx.db, userId, evento, items));
  } catch (err) {
    console.error(`[webhooks] no se pudo registrar ${evento}`, err);
  }
}

/** A received CFDI as `cfdi.received` carries it. */
export interface ReceivedCfdi { uuid: string; rfcEmisor: string; total: string; fecha: string }

/** `cfdi.received`: one event per received CFDI just stored (import, SAT download). */
export const raiseReceivedCfdis = (ctx: { db: Db; boss: Pick<PgBoss, 'send'> }, userId: number, docs: ReceivedCfdi[]): Promise<void> =>
  raiseEvents(ctx, userId, 'cfdi.received', docs.map((d) => ({ ...d })));
