import { and, desc, eq, sql } from 'drizzle-orm';
import { formatMoney } from '@facturo/cfdi/money';
import { textPdf, type PdfLine } from '@facturo/cfdi/pdf';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import type { CustomerStatement, ReceivableSettingsBody } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/mail/mailer';
import { fieldError, notFound } from '../../http/errors';
import { clients } from '../clients/clients.schema';
import { receivableReminders, receivableSettings } from './bank.schema';
import { folioOf, preDueText, reminderText, statementLines, type OpenInvoice, type StatementLine } from './domain/receivables';

/** Receivables (issue 27 §5, decision 296): a customer's account statement, by PDF and e-mail, and its reminders. */

const DEFAULTS = { diasCredito: 30, recordatorios: false, diasDespues: 1, intervalo: 7, email: null as string | null, recordarAntes: false, diasAntes: 3 };
const todayMx = (now = new Date()) => toMexicoCityLocal(now).slice(0, 10);

type ReminderRow = typeof receivableReminders.$inferSelect;
const toLog = (r: ReminderRow) => ({ id: r.id, rfc: r.rfc, tipo: r.tipo, email: r.email, facturas: r.facturas, saldo: String(r.saldo), fecha: r.createdAt.toISOString() });

async function customerEmail(db: Db, userId: number, rfc: string): Promise<string | null> {
  const [c] = await db.select({ emails: clients.emails }).from(clients).where(and(eq(clients.userId, userId), eq(clients.rfc, rfc))).limit(1);
  return c?.emails?.[0] ?? null;
}

export async function getSettings(db: Db, userId: number, rfc: string) {
  const [s] = await db.select().from(receivableSettings).where(and(eq(receivableSettings.userId, userId), eq(receivableSettings.rfc, rfc)));
  const base = s
    ? { diasCredito: s.diasCredito, recordatorios: s.recordatorios, diasDespues: s.diasDespues, intervalo: s.intervalo, email: s.email, recordarAntes: s.recordarAntes, diasAntes: s.diasAntes }
    : DEFAULTS;
  return { ...base, emailCliente: await customerEmail(db, userId, rfc) };
}

export async function saveSettings(db: Db, userId: number, rfc: string, body: ReceivableSettingsBody) {
  const values = {
    diasCredito: body.diasCredito, recordatorios: body.recordatorios, diasDespues: body.diasDespues, intervalo: body.intervalo, email: body.email || null,
    recordarAntes: body.recordarAntes ?? false, diasAntes: body.diasAntes ?? 3,
  };
  if ((values.recordatorios || values.recordarAntes) && !values.email && !(await customerEmail(db, userId, rfc))) {
    throw fieldError('email', 'Indica el correo del cliente: no lo tiene registrado en Clientes y sin él no se le pueden enviar recordatorios');
  }
  await db.insert(receivableSettings).values({ userId, rfc, ...values })
    .onConflictDoUpdate({ target: [receivableSettings.userId, receivableSettings.rfc], set: { ...values, updatedAt: new Date() } });
  return getSettings(db, userId, rfc);
}

/** Per-customer credit terms of an account (the aging dates each customer's invoices by its own term). */
export async function creditTerms(db: Db, userId: number): Promise<Map<string, number>> {
  const rows = await db.select({ rfc: receivableSettings.rfc, dias: receivableSettings.diasCredito }).from(receivableSettings).where(eq(receivableSettings.userId, userId));
  return new Map(rows.map((r) => [r.rfc, r.dias]));
}

async function openInvoices(db: Db, userId: number, rfc: string, asOf: string) {
  const { rows } = await db.execute(sql`
    SELECT c.uuid, c.serie, c.folio, to_char(c.fecha, 'YYYY-MM-DD') AS fecha, c.metodo_pago AS "metodoPago", c.moneda,
      c.total::numeric(24,2)::text AS total, c.saldo::numeric(24,2)::text AS saldo, c.nombre_receptor, c.nombre_emisor
    FROM cfdis c
    WHERE c.user_id = ${userId} AND c.direction = 'emitido' AND c.tipo = 'I' AND c.estado <> 'cancelada' AND c.saldo > 0
      AND c.rfc_receptor = ${rfc} AND to_char(c.fecha, 'YYYY-MM-DD') <= ${asOf}
    ORDER BY c.fecha`);
  return rows as (OpenInvoice & { nombre_receptor: string | null; nombre_emisor: string | null })[];
}

/** Payments of the customer's invoices in the last 180 days: stamped complements, and bank deposits not yet complemented. */
async function payments(db: Db, userId: number, rfc: string, asOf: string) {
  const { rows } = await db.execute(sql`
    SELECT * FROM (
      SELECT to_char(p.fecha_pago, 'YYYY-MM-DD') AS fecha, p.pago_uuid AS uuid, coalesce(c.serie,'') || coalesce(c.folio,'') AS folio, c.uuid AS doc,
        p.imp_pagado::numeric(24,2)::text AS importe, 'complemento' AS origen
      FROM cfdi_payments p JOIN cfdis c ON c.user_id = p.user_id AND c.uuid = p.doc_uuid
      WHERE p.user_id = ${userId} AND p.direction = 'emitido' AND c.rfc_receptor = ${rfc}
      UNION ALL
      SELECT to_char(m.fecha, 'YYYY-MM-DD'), '' , coalesce(c.serie,'') || coalesce(c.folio,''), c.uuid, (a->>'importe')::numeric(24,2)::text, 'banco'
      FROM bank_movements m, jsonb_array_elements(m.conciliacion) a, cfdis c
      WHERE m.user_id = ${userId} AND m.estado = 'conciliado' AND m.complemento_uuid IS NULL
        AND c.user_id = m.user_id AND c.uuid = a->>'uuid' AND c.direction = 'emitido' AND c.rfc_receptor = ${rfc}
    ) x WHERE x.fecha <= ${asOf} AND x.fecha >= to_char(${asOf}::date - 180, 'YYYY-MM-DD')
    ORDER BY x.fecha DESC`);
  return (rows as { fecha: string; uuid: string; folio: string; doc: string; importe: string; origen: 'complemento' | 'banco' }[])
    .map((r) => ({ fecha: r.fecha, uuid: r.uuid, factura: r.folio || r.doc.slice(0, 8).toUpperCase(), importe: r.importe, origen: r.origen }));
}

export async function reminderLog(db: Db, userId: number, rfc?: string) {
  const rows = await db.select().from(receivableReminders)
    .where(rfc ? and(eq(receivableReminders.userId, userId), eq(receivableReminders.rfc, rfc)) : eq(receivableReminders.userId, userId))
    .orderBy(desc(receivableReminders.createdAt), desc(receivableReminders.id)).limit(200);
  return rows.map(toLog);
}

export async function customerStatement(db: Db, userId: number, rfc: string, fecha?: string): Promise<CustomerStatement & { emisor: string | null }> {
  const asOf = fecha ?? todayMx();
  const configuracion = await getSettings(db, userId, rfc);
  const docs = await openInvoices(db, userId, rfc, asOf);
  const pagos = await payments(db, userId, rfc, asOf);
  const [known] = await db.select({ nombre: clients.rSocial }).from(clients).where(and(eq(clients.userId, userId), eq(clients.rfc, rfc))).limit(1);
  if (!docs.length && !pagos.length && !known) throw notFound(`No hay facturas ni pagos del cliente ${rfc}`);
  const { facturas, saldo, vencido } = statementLines(docs.map(({ uuid, serie, folio, fecha: f, metodoPago, moneda, total, saldo: s }) => ({ uuid, serie, folio, fecha: f, metodoPago, moneda, total, saldo: s })), asOf, configuracion.diasCredito);
  return {
    rfc, nombre: known?.nombre ?? docs[0]?.nombre_receptor ?? null, emisor: docs[0]?.nombre_emisor ?? null, fecha: asOf, configuracion, facturas, pagos, saldo, vencido,
    recordatorios: await reminderLog(db, userId, rfc),
  };
}

export async function customerStatementPdf(s: CustomerStatement, emisor: { rfc: string; nombre: string | null }): Promise<Buffer> {
  const lines: PdfLine[] = [
    { text: 'Estado de cuenta', bold: true, size: 16 },
    { text: `${emisor.nombre ?? emisor.rfc} · RFC ${emisor.rfc}` },
    { text: `Cliente: ${s.nombre ?? s.rfc} · RFC ${s.rfc}`, bold: true },
    { text: `Al ${s.fecha} · plazo de crédito ${s.configuracion.diasCredito} días` },
    { text: '' },
    { text: 'Facturas con saldo', bold: true, size: 12 },
  ];
  if (!s.facturas.length) lines.push({ text: 'Sin facturas pendientes de pago.' });
  for (const f of s.facturas) {
    lines.push({ text: `${folioOf(f)} · ${f.fecha} · vence ${f.vence}${f.diasVencido ? ` · ${f.diasVencido} días vencida` : ' · al corriente'} · total ${formatMoney(f.total)} · saldo ${formatMoney(f.saldo)} ${f.moneda}`, size: 9 });
    lines.push({ text: `    UUID ${f.uuid}${f.metodoPago ? ` · ${f.metodoPago}` : ''}`, size: 7 });
  }
  lines.push({ text: '' }, { text: `Saldo total: ${formatMoney(s.saldo)}`, bold: true }, { text: `Saldo vencido: ${formatMoney(s.vencido)}`, bold: true }, { text: '' });
  lines.push({ text: 'Pagos recibidos (últimos 180 días)', bold: true, size: 12 });
  if (!s.pagos.length) lines.push({ text: 'Sin pagos registrados en el periodo.' });
  for (const p of s.pagos) lines.push({ text: `${p.fecha} · factura ${p.factura} · ${formatMoney(p.importe)} · ${p.origen === 'complemento' ? `complemento ${p.uuid}` : 'depósito bancario'}`, size: 9 });
  return Buffer.from(await textPdf(lines, `Estado de cuenta ${s.rfc} al ${s.fecha}`));
}

/** Mails the statement (PDF attached) and logs it; `tipo` recordatorio carries the reminder template and its window. */
export async function sendStatement(
  db: Db, mailer: Mailer, account: { id: number; rfc: string }, rfc: string, opts: { email?: string; tipo?: 'estado_cuenta' | 'recordatorio' | 'aviso_previo'; ventana?: string; fecha?: string; lineas?: StatementLine[] } = {},
) {
  const s = await customerStatement(db, account.id, rfc, opts.fecha);
  const to = opts.email || s.configuracion.email || s.configuracion.emailCliente;
  if (!to) throw fieldError('email', `Indica el correo del cliente ${rfc}: no lo tiene registrado en Clientes`);
  const tipo = opts.tipo ?? 'estado_cuenta';
  const emisor = { rfc: account.rfc, nombre: s.emisor };
  const automatic = tipo !== 'estado_cuenta';
  if (automatic) {
    // The log row first: its unique window makes a second run (or process) on the same day skip the e-mail.
    const inserted = await db.insert(receivableReminders).values({ userId: account.id, rfc, tipo, email: to, facturas: s.facturas.length, saldo: s.saldo, ventana: opts.ventana ?? null })
      .onConflictDoNothing().returning({ id: receivableReminders.id });
    if (!inserted.length) return { mensaje: 'Ya se envió el recordatorio de este periodo', enviado: false };
  }
  const pdf = await customerStatementPdf(s, emisor);
  const { subject, text } = tipo === 'recordatorio'
    ? reminderText(emisor, { rfc, nombre: s.nombre }, s.facturas, s.saldo, s.vencido)
    : tipo === 'aviso_previo' ? preDueText(emisor, { rfc, nombre: s.nombre }, opts.lineas ?? s.facturas) : {
      subject: `Estado de cuenta al ${s.fecha} — ${s.emisor ?? account.rfc}`,
      text: `Estimado cliente ${s.nombre ?? rfc}:\n\nAdjuntamos su estado de cuenta al ${s.fecha}: saldo total ${formatMoney(s.saldo)}, vencido ${formatMoney(s.vencido)}.\n\nAtentamente,\n${s.emisor ?? account.rfc}`,
    };
  try {
    await mailer.send({ to, subject, text, html: text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>'), attachments: [{ filename: `estado-de-cuenta-${rfc}-${s.fecha}.pdf`, contentType: 'application/pdf', content: pdf }] });
  } catch (err) {
    // Not sent: free the window so the next run tries again.
    if (automatic && opts.ventana) {
      await db.delete(receivableReminders).where(and(eq(receivableReminders.userId, account.id), eq(receivableReminders.rfc, rfc), eq(receivableReminders.ventana, opts.ventana)));
    }
    throw err;
  }
  if (tipo === 'estado_cuenta') {
    await db.insert(receivableReminders).values({ userId: account.id, rfc, tipo, email: to, facturas: s.facturas.length, saldo: s.saldo });
  }
  return { mensaje: `Se envió el estado de cuenta a ${to}`, enviado: true };
}
