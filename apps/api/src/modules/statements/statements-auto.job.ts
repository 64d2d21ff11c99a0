import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { SOCKET_EVENTS } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { Account } from '../../http/context';
import type { Publisher } from '../../realtime/publisher';
import { periodText, startStatement } from './statements.service';
import { QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { mexicoMonth } from '@facturo/cfdi/model';

/**
 * Automatic statements (issue 11 §2, spec §4 settings mode): on day 1 every account in automatic mode gets the
 * previous month computed and a notification (the urgent list and a live toast). `last_auto_period` makes the
 * run idempotent: a retry or a second process computes nothing twice. Premium only (product 12 = rol 1 / 11).
 */
export async function runAutomaticStatements(db: Db, publisher: Publisher | null, now = new Date()): Promise<number> {
  // Last month on Mexico's clock.
  const mx = mexicoMonth(now);
  const month = mx.month === 1 ? 12 : mx.month - 1;
  const year = mx.month === 1 ? mx.year - 1 : mx.year;
  const key = `${year}-${String(month).padStart(2, '0')}`;
  const { rows } = await db.execute(sql`
    SELECT u.id, u.rfc, u.email, u.rol_id, u.plan_id, u.regimen, u.persona, u.is_confirmed, u.profile_completed
    FROM statement_settings s JOIN users u ON u.id = s.user_id
    WHERE s.automatic_statements = 1 AND (s.last_auto_period IS NULL OR s.last_auto_period <> ${key}) AND u.rol_id IN (1, 11)`);
  let done = 0;
  for (const r of rows as Record<string, unknown>[]) {
    const account: Account = {
      id: Number(r.id), rfc: String(r.rfc), email: String(r.email), rolId: Number(r.rol_id), planId: Number(r.plan_id),
      regimen: (r.regimen as string | null) ?? null, persona: String(r.persona), isConfirmed: Boolean(r.is_confirmed), profileCompleted: Boolean(r.profile_completed),
    };
    const claimed = await db.execute(sql`UPDATE statement_settings SET last_auto_period = ${key}
      WHERE user_id = ${account.id} AND (last_auto_period IS NULL OR last_auto_period <> ${key}) RETURNING user_id`);
    if ((claimed.rows as unknown[]).length === 0) continue;
    let title: string;
    let message: string;
    let code = 200;
    try {
      const s = await startStatement(db, account, month, year, 'auto');
      title = `Declaración de ${periodText(month, year)} calculada`;
      message = `ISR a pagar ${s.isr_a_pagar}, IVA a pagar ${s.iva_a_pagar}${s.iva_saldo_a_favor !== '0.00' ? `, saldo a favor de IVA ${s.iva_saldo_a_favor}` : ''}.`;
    } catch (err) {
      code = 500;
      title = `No se pudo calcular la declaración de ${periodText(month, year)}`;
      message = err instanceof Error ? err.message : 'Error desconocido';
    }
    await db.execute(sql`INSERT INTO notifications (user_id, title, message, link, urgent) VALUES (${account.id}, ${title}, ${message}, '/statements?tab=0', true)`);
    publisher?.publish(SOCKET_EVENTS.progress, {
      rfc: account.rfc, title, message, code, finished: true, data: { type: 'STATEMENT' }, warning: null, month, year, last_update: new Date().toISOString(),
    });
    done++;
  }
  return done;
}

export async function registerStatementsAutoWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work(QUEUES.statementsAuto, async () => {
    await runAutomaticStatements(ctx.db, ctx.publisher);
  });
  // Day 1 of each month at 06:00 Mexico City; schedule() is an upsert, safe from every process.
  await boss.schedule(QUEUES.statementsAuto, '0 6 1 * *', {}, { tz: 'America/Mexico_City' });
}
