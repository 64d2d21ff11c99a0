import type PgBoss from 'pg-boss';
import { and, desc, eq, like } from 'drizzle-orm';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { users } from '../../db/schema';
import type { Mailer } from '../../providers/mail/mailer';
import { QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { receivableReminders, receivableSettings } from './bank.schema';
import { reminderDue } from './domain/receivables';
import { customerStatement, sendStatement } from './receivables.service';
import { sendPayablesNotices, sendPreDueNotices } from './upcoming-reminders.service';

/**
 * Automatic collection reminders (issue 27 §5, decision 296): every day, each customer with reminders on and an
 * invoice at least `diasDespues` days past due gets its statement with the reminder text, at most once per
 * `intervalo` days (the last logged reminder) and once per day (the log's unique window), whatever the number of
 * runs. One customer failing (no address, mail down) does not stop the others.
 */
export async function sendDueReminders(db: Db, mailer: Mailer, now = new Date()): Promise<{ enviados: number; errores: number }> {
  const today = toMexicoCityLocal(now).slice(0, 10);
  const settings = await db.select({ userId: receivableSettings.userId, rfc: receivableSettings.rfc, diasDespues: receivableSettings.diasDespues, intervalo: receivableSettings.intervalo, accountRfc: users.rfc })
    .from(receivableSettings).innerJoin(users, eq(users.id, receivableSettings.userId)).where(eq(receivableSettings.recordatorios, true));
  let enviados = 0;
  let errores = 0;
  for (const s of settings) {
    try {
      // The window is the Mexico City day of the run (`auto:YYYY-MM-DD`): the last one is the last reminder's day.
      const [last] = await db.select({ ventana: receivableReminders.ventana }).from(receivableReminders)
        .where(and(eq(receivableReminders.userId, s.userId), eq(receivableReminders.rfc, s.rfc), eq(receivableReminders.tipo, 'recordatorio'), like(receivableReminders.ventana, 'auto:%')))
        .orderBy(desc(receivableReminders.ventana)).limit(1);
      const statement = await customerStatement(db, s.userId, s.rfc, today);
      const lastSent = last?.ventana ? last.ventana.slice(5) : null;
      if (!reminderDue(statement.facturas, today, { recordatorios: true, diasDespues: s.diasDespues, intervalo: s.intervalo }, lastSent)) continue;
      const r = await sendStatement(db, mailer, { id: s.userId, rfc: s.accountRfc }, s.rfc, { tipo: 'recordatorio', ventana: `auto:${today}`, fecha: today });
      if (r.enviado) enviados++;
    } catch (err) {
      // A customer with nothing invoiced by this account has nothing to be reminded of.
      if (err instanceof AppError && err.status === 404) continue;
      errores++;
    }
  }
  return { enviados, errores };
}

export async function registerReceivablesRemindersWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work(QUEUES.receivablesReminders, async () => {
    await sendDueReminders(ctx.db, ctx.mailer);
    // Before the due date: customers' notices and the account's own payables notice (decision 317).
    await sendPreDueNotices(ctx.db, ctx.mailer);
    await sendPayablesNotices(ctx.db, ctx.mailer);
  });
  // Every day at 09:00 Mexico City (office hours for the customer); schedule() is an upsert.
  await boss.schedule(QUEUES.receivablesReminders, '0 9 * * *', {}, { tz: 'America/Mexico_City' });
}
