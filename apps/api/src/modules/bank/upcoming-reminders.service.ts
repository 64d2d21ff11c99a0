import { and, eq, sql } from 'drizzle-orm';
import { Decimal } from '@facturo/cfdi/money';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import type { PayableReminderBody } from '@facturo/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../providers/mail/mailer';
import { payableReminderSettings, receivableReminders, receivableSettings } from './bank.schema';
import { addDays, payablesText, upcoming, type PayableLine } from './domain/receivables';
import { customerStatement, sendStatement } from './receivables.service';

/**
 * Notices before the due date (issue 27 §5, decision 317), sent by the daily receivables job:
 * - to each customer with `recordarAntes` on, of its invoices falling due within `diasAntes` days;
 * - to the account itself (payables), of supplier CFDI with saldo falling due within its `diasAntes` days.
 * Each is logged under the window `antes:` / `pagar:` + the latest due date it announces (unique per account and
 * RFC), written before the e-mail: a second run, or a day when nothing new enters the horizon, sends nothing.
 */
const todayMx = (now: Date) => toMexicoCityLocal(now).slice(0, 10);

export async function sendPreDueNotices(db: Db, mailer: Mailer, now = new Date()): Promise<{ enviados: number; errores: number }> {
  const today = todayMx(now);
  const settings = await db.select({ userId: receivableSettings.userId, rfc: receivableSettings.rfc, diasAntes: receivableSettings.diasAntes, accountRfc: users.rfc })
    .from(receivableSettings).innerJoin(users, eq(users.id, receivableSettings.userId)).where(eq(receivableSettings.recordarAntes, true));
  let enviados = 0;
  let errores = 0;
  for (const s of settings) {
    try {
      const statement = await customerStatement(db, s.userId, s.rfc, today);
      const soon = upcoming(statement.facturas, today, s.diasAntes);
      if (!soon) continue;
      const r = await sendStatement(db, mailer, { id: s.userId, rfc: s.accountRfc }, s.rfc, { tipo: 'aviso_previo', ventana: `antes:${soon.ventana}`, fecha: today, lineas: soon.lines });
      if (r.enviado) enviados++;
    } catch (err) {
      if (err instanceof AppError && err.status === 404) continue;
      errores++;
    }
  }
  return { enviados, errores };
}

const DEFAULTS = { activo: false, diasAntes: 5, diasCredito: 30, email: null as string | null };

export async function getPayableReminders(db: Db, userId: number) {
  const [s] = await db.select().from(payableReminderSettings).where(eq(payableReminderSettings.userId, userId));
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const base = s ? { activo: s.activo, diasAntes: s.diasAntes, diasCredito: s.diasCredito, email: s.email } : DEFAULTS;
  return { ...base, emailCuenta: u?.email ?? '' };
}

export async function savePayableReminders(db: Db, userId: number, body: PayableReminderBody) {
  const values = { activo: body.activo, diasAntes: body.diasAntes, diasCredito: body.diasCredito, email: body.email || null };
  await db.insert(payableReminderSettings).values({ userId, ...values })
    .onConflictDoUpdate({ target: payableReminderSettings.userId, set: { ...values, updatedAt: new Date() } });
  return getPayableReminders(db, userId);
}

/** Supplier CFDI with saldo (the payables aging's rows) and their due date: CFDI date + the account's payment term. */
async function payables(db: Db, userId: number, diasCredito: number, today: string): Promise<PayableLine[]> {
  const { rows } = await db.execute(sql`
    SELECT c.uuid, c.serie, c.folio, to_char(c.fecha, 'YYYY-MM-DD') AS fecha, c.rfc_emisor AS rfc, c.nombre_emisor AS nombre, c.moneda,
      c.saldo::numeric(24,2)::text AS saldo
    FROM cfdis c
    WHERE c.user_id = ${userId} AND c.direction = 'recibido' AND c.tipo = 'I' AND c.estado <> 'cancelada' AND c.saldo > 0
      AND to_char(c.fecha, 'YYYY-MM-DD') <= ${today}
    ORDER BY c.fecha`);
  return (rows as Omit<PayableLine, 'vence'>[]).map((r) => ({ ...r, vence: addDays(r.fecha, diasCredito) }));
}

export async function sendPayablesNotices(db: Db, mailer: Mailer, now = new Date()): Promise<{ enviados: number; errores: number }> {
  const today = todayMx(now);
  const settings = await db.select({ userId: payableReminderSettings.userId, diasAntes: payableReminderSettings.diasAntes, diasCredito: payableReminderSettings.diasCredito, email: payableReminderSettings.email, rfc: users.rfc, userEmail: users.email })
    .from(payableReminderSettings).innerJoin(users, eq(users.id, payableReminderSettings.userId)).where(eq(payableReminderSettings.activo, true));
  let enviados = 0;
  let errores = 0;
  for (const s of settings) {
    const to = s.email || s.userEmail;
    const soon = upcoming(await payables(db, s.userId, s.diasCredito, today), today, s.diasAntes);
    if (!soon || !to) continue;
    const ventana = `pagar:${soon.ventana}`;
    const saldo = soon.lines.reduce((a, l) => a.plus(l.saldo), new Decimal(0)).toFixed(2);
    const inserted = await db.insert(receivableReminders).values({ userId: s.userId, rfc: s.rfc, tipo: 'cuentas_pagar', email: to, facturas: soon.lines.length, saldo, ventana })
      .onConflictDoNothing().returning({ id: receivableReminders.id });
    if (!inserted.length) continue;
    const { subject, text } = payablesText(s.rfc, soon.lines);
    try {
      await mailer.send({ to, subject, text, html: text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>') });
      enviados++;
    } catch {
      await db.delete(receivableReminders).where(and(eq(receivableReminders.userId, s.userId), eq(receivableReminders.rfc, s.rfc), eq(receivableReminders.ventana, ventana)));
      errores++;
    }
  }
  return { enviados, errores };
}
