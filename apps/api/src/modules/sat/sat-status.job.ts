import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { SOCKET_EVENTS } from '@facturo/contract';
import { notifications } from '../../db/schema';
import { cfdis } from '../cfdis/cfdis.schema';
import { checkRow } from './cfdi-status.service';
import { resolvePendingCancellations } from './pending-cancellations.service';
import { efosListEmpty, refreshEfosList } from './blacklist.service';
import { notifyExpiringRequests, syncInbox } from './cancellation-inbox.service';
import { registerConstanciaWorker } from './constancia.service';
import { satProviders } from './sat-providers';
import { QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';

/** How far back the re-check looks, and how many documents one run asks SAT about (oldest check first). */
export const RECHECK_DAYS = 40;
export const RECHECK_BATCH = 300;

/**
 * Scheduled re-check (issue 15 §2): asks SAT about the recent issued and received documents not cancelled yet,
 * oldest check first, and records those SAT reports cancelled (the lists then show them "Cancelada"), with an
 * urgent notification and a live message per account. A document SAT cannot be asked about now is left for the
 * next run. Returns what it did.
 */
export async function recheckRecentStatuses(ctx: JobContext, now = new Date(), batch = RECHECK_BATCH): Promise<{ checked: number; cancelled: number; failed: number }> {
  const deps = satProviders(ctx);
  const since = new Date(now.getTime() - RECHECK_DAYS * 86_400_000);
  const { rows } = await ctx.db.execute(sql`SELECT id FROM cfdis WHERE estado <> 'cancelada' AND NOT test AND created_at >= ${since.toISOString()}
    ORDER BY sat_checked_at NULLS FIRST, id LIMIT ${batch}`);
  let cancelled = 0;
  let failed = 0;
  const perAccount = new Map<number, { rfc: string; uuids: string[] }>();
  for (const { id } of rows as { id: number }[]) {
    const [row] = await ctx.db.select().from(cfdis).where(sql`${cfdis.id} = ${id}`).limit(1);
    if (!row) continue;
    try {
      const { estado, changed } = await checkRow(deps, row);
      if (changed && estado === 'cancelada') {
        cancelled++;
        const rfc = row.direction === 'emitido' ? row.rfcEmisor : row.rfcReceptor;
        const entry = perAccount.get(row.userId) ?? { rfc, uuids: [] };
        entry.uuids.push(row.uuid);
        perAccount.set(row.userId, entry);
      }
    } catch {
      failed++;
    }
  }
  for (const [userId, { rfc, uuids }] of perAccount) {
    const title = uuids.length === 1 ? 'El SAT reporta un CFDI cancelado' : `El SAT reporta ${uuids.length} CFDI cancelados`;
    const message = `Se marcaron como cancelados: ${uuids.join(', ')}.`;
    await ctx.db.insert(notifications).values({ userId, title, message, link: '/incomes', urgent: true });
    ctx.publisher.publish(SOCKET_EVENTS.progress, {
      rfc, title, message, code: 200, finished: true, data: { type: 'SAT_STATUS', uuids }, warning: null, month: null, year: null, last_update: now.toISOString(),
    });
  }
  return { checked: rows.length, cancelled, failed };
}

/** Every account's inbox against the PAC, then the once-only notice for requests about to expire. */
export async function refreshCancellationInboxes(ctx: JobContext, now = new Date()): Promise<number> {
  const deps = satProviders(ctx);
  const { rows } = await ctx.db.execute(sql`SELECT id, rfc FROM users WHERE is_confirmed`);
  for (const account of rows as { id: number; rfc: string }[]) {
    await syncInbox(deps, account, now).catch(() => undefined);
  }
  return notifyExpiringRequests(ctx.db, now);
}

export async function registerSatWorkers(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work(QUEUES.satStatusRecheck, async () => {
    await recheckRecentStatuses(ctx);
  });
  await boss.work<{ firstLoad?: boolean }>(QUEUES.efosRefresh, async ([job]) => {
    // The first-load job only fills an empty list: when the list was loaded meanwhile (another process, an
    // operator), reloading it would only replace the same rows a second time.
    if (job?.data?.firstLoad && !(await efosListEmpty(ctx.db))) return;
    await refreshEfosList(ctx.db, satProviders(ctx).efos);
  });
  await boss.work(QUEUES.cancellationInbox, async () => {
    await refreshCancellationInboxes(ctx);
    await resolvePendingCancellations(ctx);
  });
  await registerConstanciaWorker(boss, ctx);
  // schedule() is an upsert, safe from every process. Mexico City times.
  await boss.schedule(QUEUES.satStatusRecheck, '15 */6 * * *', {}, { tz: 'America/Mexico_City' });
  await boss.schedule(QUEUES.efosRefresh, '30 5 * * *', {}, { tz: 'America/Mexico_City' });
  await boss.schedule(QUEUES.cancellationInbox, '5 * * * *', {}, { tz: 'America/Mexico_City' });
  // A fresh installation has no 69-B list: load it now rather than at 05:30.
  if (await efosListEmpty(ctx.db)) await boss.send(QUEUES.efosRefresh, { firstLoad: true }, { singletonKey: 'efos-first-load' });
}
