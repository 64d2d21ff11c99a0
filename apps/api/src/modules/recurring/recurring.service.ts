import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { parseXml } from '@facturo/cfdi/xml';
import {
  invoiceBodySchema, recurringText, type InvoiceValues, type Recurring, type RecurringUpdate, type recurringCreateSchema,
} from '@facturo/contract';
import type { z } from 'zod';
import { toDecimal } from '@facturo/cfdi/money';
import type { Db } from '../../db/client';
import { notifications, recurringInvoices, users } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../http/errors';
import type { InvoicingProviders } from '../invoicing/providers';
import { documentXml } from '../invoicing/documents.service';
import { stampInvoice } from '../invoicing/invoice.service';
import { clientEmail, sendInvoiceEmail } from '../invoicing/email.service';
import { bodyForRun, bodyFromCfdi, finished, nextRunAfter, periodText, addDays } from './recurring-rules';
import { mexicoToday } from '@facturo/cfdi/model';

type Row = typeof recurringInvoices.$inferSelect;
const NOT_FOUND = 'La factura recurrente no existe';

function toRecurring(r: Row): Recurring {
  return {
    id: r.id, uuidOrigen: r.sourceUuid, cliente: r.clientName, total: toDecimal(r.total).toFixed(2), frecuencia: r.frequency, cada: r.every,
    descripcion: recurringText(r.frequency, r.every), proxima: r.retryOn ?? r.nextRun, fin: r.endDate, veces: r.maxRuns, emitidas: r.runs,
    estado: r.status, periodoEnDescripcion: r.periodInDescription, enviarCorreo: r.sendEmail, ultimoError: r.lastError, reintento: r.retryOn,
    ultimaUuid: r.lastUuid, created_at: r.createdAt.toISOString(),
  };
}

async function owned(db: Db, userId: number, id: number): Promise<Row> {
  const [row] = await db.select().from(recurringInvoices).where(and(eq(recurringInvoices.userId, userId), eq(recurringInvoices.id, id)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function listRecurring(db: Db, userId: number): Promise<{ data: Recurring[] }> {
  const rows = await db.select().from(recurringInvoices).where(eq(recurringInvoices.userId, userId)).orderBy(desc(recurringInvoices.createdAt), desc(recurringInvoices.id));
  return { data: rows.map(toRecurring) };
}

/** POST /api/recurrentes: from a stamped, vigente invoice de ingreso of the account. */
export async function createRecurring(deps: InvoicingProviders, userId: number, input: z.output<typeof recurringCreateSchema>): Promise<Recurring> {
  const { row, xml } = await documentXml(deps, userId, input.uuid).catch((err) => {
    if (err instanceof AppError && err.status === 404) throw new AppError(404, 'La factura no existe entre tus facturas emitidas', { uuid: ['La factura no existe entre tus facturas emitidas'] });
    throw err;
  });
  if (row.estado !== 'vigente') throw fieldError('uuid', 'Solo se repite una factura vigente (esta está cancelada)');
  if (row.tipo !== 'I') throw fieldError('uuid', 'Solo se repiten facturas de ingreso');
  if (!row.clientId) throw fieldError('uuid', 'La factura no está ligada a un cliente de tu catálogo');
  const root = parseXml(xml);
  const body = invoiceBodySchema.safeParse(bodyFromCfdi(root, row.clientId));
  if (!body.success) throw fieldError('uuid', `La factura no se puede repetir: ${body.error.issues[0]?.message ?? 'datos incompletos'}`);
  const today = mexicoToday();
  const anchor = Number((input.inicio ?? today).slice(8, 10));
  const first = input.inicio ?? nextRunAfter(today, input.frecuencia, input.cada, anchor);
  if (first < today) throw fieldError('inicio', 'La primera factura no puede ser en el pasado');
  const [created] = await deps.db.insert(recurringInvoices).values({
    userId, sourceUuid: row.uuid, clientName: row.nombreReceptor ?? row.rfcReceptor, total: row.total, body: body.data,
    frequency: input.frecuencia, every: input.cada, anchorDay: anchor, nextRun: first, endDate: input.fin, maxRuns: input.veces,
    periodInDescription: input.periodoEnDescripcion, sendEmail: input.enviarCorreo,
  }).returning();
  return toRecurring(created!);
}

/** PATCH: pause / resume, change the frequency, the next date, the end, the count or the options. */
export async function updateRecurring(db: Db, userId: number, id: number, input: RecurringUpdate): Promise<Recurring> {
  const row = await owned(db, userId, id);
  if (row.status === 'terminada' && input.estado === 'activa' && input.veces === undefined && input.fin === undefined) {
    throw fieldError('estado', 'La serie ya terminó: amplía la fecha de fin o el número de facturas para reanudarla');
  }
  const next = input.proxima ?? row.nextRun;
  if (input.proxima && input.proxima < mexicoToday()) throw fieldError('proxima', 'La próxima fecha no puede ser en el pasado');
  const values: Partial<typeof recurringInvoices.$inferInsert> = {
    ...(input.frecuencia ? { frequency: input.frecuencia } : {}),
    ...(input.cada ? { every: input.cada } : {}),
    ...(input.proxima ? { nextRun: input.proxima, retryOn: null, anchorDay: Number(input.proxima.slice(8, 10)) } : {}),
    ...(input.fin !== undefined ? { endDate: input.fin } : {}),
    ...(input.veces !== undefined ? { maxRuns: input.veces } : {}),
    ...(input.periodoEnDescripcion !== undefined ? { periodInDescription: input.periodoEnDescripcion } : {}),
    ...(input.enviarCorreo !== undefined ? { sendEmail: input.enviarCorreo } : {}),
    updatedAt: new Date(),
  };
  const merged = { runs: row.runs, maxRuns: values.maxRuns !== undefined ? values.maxRuns : row.maxRuns, endDate: values.endDate !== undefined ? values.endDate : row.endDate };
  // The edit form sends the next date and the end together: an end before the next invoice would end the series unseen.
  if (merged.endDate && input.proxima && merged.endDate < input.proxima) throw fieldError('fin', 'La fecha de fin no puede ser anterior a la próxima factura');
  if (merged.maxRuns !== null && input.veces !== undefined && merged.maxRuns < row.runs) {
    throw fieldError('veces', `Ya se emitieron ${row.runs} facturas: el número de facturas no puede ser menor`);
  }
  const status = input.estado ?? (row.status === 'terminada' ? 'activa' : row.status);
  values.status = status === 'activa' && finished(merged, next) ? 'terminada' : status;
  const [updated] = await db.update(recurringInvoices).set(values).where(and(eq(recurringInvoices.userId, userId), eq(recurringInvoices.id, id))).returning();
  return toRecurring(updated!);
}

export async function deleteRecurring(db: Db, userId: number, id: number): Promise<{ message: string }> {
  await owned(db, userId, id);
  await db.delete(recurringInvoices).where(and(eq(recurringInvoices.userId, userId), eq(recurringInvoices.id, id)));
  return { message: 'Factura recurrente eliminada; las facturas ya emitidas no cambian' };
}

/**
 * One due run: stamps through the shared pipeline with the key "recurrente-<id>-<period>" (a second runner, or this
 * one retried after a crash, gets the same invoice back instead of a new one), then moves to the next period,
 * e-mails the customer and tells the owner. A refusal (no stamps, CSD expired, a catalog change) keeps the period
 * owed, retries tomorrow and tells the owner why.
 */
export async function runOne(deps: InvoicingProviders, row: Row, now = new Date()): Promise<'stamped' | 'failed'> {
  const [account] = await deps.db.select({ id: users.id, rfc: users.rfc }).from(users).where(eq(users.id, row.userId));
  if (!account) return 'failed';
  const period = periodText(row.nextRun, row.frequency, row.every, row.anchorDay);
  const body = bodyForRun(row.body as InvoiceValues, row.periodInDescription ? period : null);
  const where = and(eq(recurringInvoices.userId, row.userId), eq(recurringInvoices.id, row.id), eq(recurringInvoices.nextRun, row.nextRun));
  try {
    const stamped = await stampInvoice(deps, account, invoiceBodySchema.parse(body), '4.0', `recurrente-${row.id}-${row.nextRun}`);
    const runs = row.runs + 1;
    const next = nextRunAfter(row.nextRun, row.frequency, row.every, row.anchorDay);
    const done = finished({ runs, maxRuns: row.maxRuns, endDate: row.endDate }, next);
    const moved = await deps.db.update(recurringInvoices).set({
      runs, nextRun: next, retryOn: null, lastError: null, lastUuid: stamped.uuid, status: done ? 'terminada' : row.status, updatedAt: new Date(),
    }).where(where).returning({ id: recurringInvoices.id });
    // Another runner already moved this period on: it mailed and notified.
    if (!moved.length) return 'stamped';
    let mailed = '';
    if (row.sendEmail) {
      const { email } = await clientEmail(deps.db, row.userId, stamped.uuid);
      if (email.length) {
        const sent = await sendInvoiceEmail(deps, row.userId, { pEmail: email.join(', '), pXml: true, pPdf: true, pIdPago: stamped.uuid });
        mailed = sent.rspns ? ` y se envió a ${email.join(', ')}` : `; no se pudo enviar por correo: ${sent.msj}`;
      }
    }
    await deps.db.insert(notifications).values({
      userId: row.userId, title: `Factura recurrente timbrada: ${row.clientName}`,
      message: `Se timbró la factura ${[stamped.serie, stamped.folio].filter(Boolean).join('-')} (${period}) por ${stamped.total}${mailed}.${done ? ' La serie terminó.' : ''}`,
      link: '/invoicing/recurring', urgent: false,
    });
    return 'stamped';
  } catch (err) {
    const message = err instanceof Error ? err.message : 'Error desconocido';
    const retry = addDays(mexicoToday(now), 1);
    await deps.db.update(recurringInvoices).set({ lastError: message, retryOn: retry, updatedAt: new Date() }).where(where);
    await deps.db.insert(notifications).values({
      userId: row.userId, title: `No se pudo timbrar la factura recurrente de ${row.clientName}`,
      message: `${message}. Lo intentaremos de nuevo el ${retry}.`, link: '/invoicing/recurring', urgent: true,
    });
    return 'failed';
  }
}

/** Every active schedule due today (its period, or its retry day, has come), one at a time. */
export async function runDueRecurring(deps: InvoicingProviders, now = new Date()): Promise<{ stamped: number; failed: number }> {
  const today = mexicoToday(now);
  const due = await deps.db.select().from(recurringInvoices).where(and(
    eq(recurringInvoices.status, 'activa'),
    or(and(isNull(recurringInvoices.retryOn), lte(recurringInvoices.nextRun, today)), lte(recurringInvoices.retryOn, today)),
  )).orderBy(recurringInvoices.nextRun).limit(500);
  const out = { stamped: 0, failed: 0 };
  for (const row of due) out[(await runOne(deps, row, now)) === 'stamped' ? 'stamped' : 'failed']++;
  return out;
}

/** The schedule's next period moved to a given day, its retry cleared (tests use it to make a run due today). */
export async function setNextRun(db: Db, userId: number, id: number, day: string): Promise<void> {
  await db.update(recurringInvoices).set({ nextRun: day, retryOn: null, anchorDay: Number(day.slice(8, 10)) })
    .where(and(eq(recurringInvoices.userId, userId), eq(recurringInvoices.id, id)));
}
