import type PgBoss from 'pg-boss';
import { and, eq, isNull } from 'drizzle-orm';
import { repDeadline } from '@facturo/contract';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { bankMovements } from './bank.schema';

/** The bell warns this many days before the REP deadline (issue 27 §3). */
export const REP_WARNING_DAYS = 3;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Urgent notifications for accepted PPD deposits whose payment complement is not stamped yet and whose deadline
 * (the 5th of the month after the payment) is 3 days away or past: one per account and deadline, so the daily
 * run never repeats itself.
 */
export async function notifyRepDeadlines(db: Db, now = new Date()): Promise<number> {
  const today = toMexicoCityLocal(now).slice(0, 10);
  const rows = await db.select({ userId: bankMovements.userId, fecha: bankMovements.fecha, conciliacion: bankMovements.conciliacion }).from(bankMovements)
    .where(and(eq(bankMovements.estado, 'conciliado'), isNull(bankMovements.complementoUuid)));
  const due = new Map<string, { userId: number; deadline: string; n: number }>();
  for (const r of rows) {
    if (!r.conciliacion.some((a) => a.direction === 'emitido' && a.metodoPago === 'PPD')) continue;
    const deadline = repDeadline(r.fecha);
    if (addDays(deadline, -REP_WARNING_DAYS) > today) continue;
    const key = `${r.userId}|${deadline}`;
    const e = due.get(key) ?? { userId: r.userId, deadline, n: 0 };
    e.n++;
    due.set(key, e);
  }
  let created = 0;
  for (const { userId, deadline, n } of due.values()) {
    const title = `Complementos de pago: vencen el ${deadline}`;
    const [existing] = await db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, title))).limit(1);
    if (existing) continue;
    const message = `${n === 1 ? 'Un depósito conciliado con una factura PPD no tiene' : `${n} depósitos conciliados con facturas PPD no tienen`} su complemento de pago; el plazo vence el ${deadline}. Timbra los complementos desde Bancos.`;
    await db.insert(notifications).values({ userId, title, message, link: '/bancos', urgent: true });
    created++;
  }
  return created;
}

export async function registerBankRepDeadlineWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work(QUEUES.bankRepDeadline, async () => {
    await notifyRepDeadlines(ctx.db);
  });
  // Every day at 07:30 Mexico City; schedule() is an upsert, safe from every process.
  await boss.schedule(QUEUES.bankRepDeadline, '30 7 * * *', {}, { tz: 'America/Mexico_City' });
}
