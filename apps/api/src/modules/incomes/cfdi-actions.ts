import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceRow, Page } from '@facturo/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { cfdiPayments, cfdiRelations, cfdis, type CfdiDirection } from '../cfdis/cfdis.schema';
import { containsPattern } from '../clients/search-text';
import { amountText, paymentJoin, rowSelect, toInvoiceRow } from './cfdi-list';
import { hasRelated, openBalances, owned } from './cfdi-sets';

/** Related documents, "Habilitar pago", "no contabilizar" and accounts receivable: generic over the direction. */

const NOT_FOUND = 'No encontramos ese CFDI entre tus documentos';

async function ownedCfdi(db: Db, userId: number, direction: CfdiDirection, uuid: string) {
  const [row] = await db
    .select({ id: cfdis.id, tipo: cfdis.tipo, estado: cfdis.estado, metodoPago: cfdis.metodoPago, fecha: cfdis.fecha, test: cfdis.test })
    .from(cfdis)
    .where(and(eq(cfdis.userId, userId), eq(cfdis.direction, direction), eq(cfdis.uuid, uuid)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * GET related/:uuid. mother=true: what hangs from an invoice (its payment complements, the credit notes and
 * other CFDI that relate to it). Otherwise: what the document points at (the invoices a complement pays, the
 * CFDI it relates to). Only documents in the store are listed; `relacion` is 'pago' or the c_TipoRelacion.
 */
export async function relatedCfdis(db: Db, userId: number, direction: CfdiDirection, uuid: string, mother: boolean): Promise<{ data: (InvoiceRow & { relacion: string })[] }> {
  await ownedCfdi(db, userId, direction, uuid);
  const links = mother
    ? sql`SELECT p.pago_uuid AS u, 'pago' AS relacion FROM cfdi_payments p WHERE p.user_id = ${userId} AND p.doc_uuid = ${uuid}
          UNION SELECT r.uuid, r.tipo_relacion FROM cfdi_relations r WHERE r.user_id = ${userId} AND r.related_uuid = ${uuid}`
    : sql`SELECT p.doc_uuid AS u, 'pago' AS relacion FROM cfdi_payments p WHERE p.user_id = ${userId} AND p.pago_uuid = ${uuid}
          UNION SELECT r.related_uuid, r.tipo_relacion FROM cfdi_relations r WHERE r.user_id = ${userId} AND r.uuid = ${uuid}`;
  const { rows } = await db.execute(sql`SELECT ${rowSelect(direction)}, l.relacion FROM (${links}) l
    JOIN cfdis c ON c.user_id = ${userId} AND c.uuid = l.u ${paymentJoin} ORDER BY c.fecha, c.id`);
  return { data: (rows as Record<string, unknown>[]).map((r) => ({ ...toInvoiceRow(r), relacion: String(r.relacion) })) };
}

/**
 * "Habilitar pago": marks a vigente ingreso paid on `fpago` by hand (saldo 0). The mark survives later
 * balance recomputation (pago_manual); a payment-complement-paid invoice can be marked too.
 */
export async function enablePayment(db: Db, userId: number, direction: CfdiDirection, uuid: string, fpago: string): Promise<{ msj: string; rspns: boolean }> {
  const row = await ownedCfdi(db, userId, direction, uuid);
  if (row.tipo !== 'I') throw new AppError(422, 'Solo una factura de ingreso se puede marcar como pagada', { pIdPago: ['Solo una factura de ingreso se puede marcar como pagada'] });
  if (row.estado === 'cancelada') throw new AppError(422, 'La factura está cancelada', { pIdPago: ['La factura está cancelada'] });
  if (Number.isNaN(Date.parse(`${fpago}T00:00:00Z`)) || new Date(`${fpago}T00:00:00Z`).toISOString().slice(0, 10) !== fpago) {
    throw new AppError(422, 'La fecha de pago no es una fecha válida', { fpago: ['La fecha de pago no es una fecha válida'] });
  }
  if (fpago < row.fecha.slice(0, 10)) {
    throw new AppError(422, 'La fecha de pago no puede ser anterior a la emisión', { fpago: ['La fecha de pago no puede ser anterior a la emisión'] });
  }
  await db.update(cfdis).set({ fechaPago: fpago, saldo: '0', pagoManual: true, updatedAt: new Date() }).where(eq(cfdis.id, row.id));
  return { msj: `Pago habilitado con fecha ${fpago}`, rspns: true };
}

/** Excludes a document from the statistics (notCount=false counts it again); it stays in the month's list. */
export async function setNotCount(db: Db, userId: number, direction: CfdiDirection, uuid: string, notCount: boolean): Promise<{ msj: string; rspns: boolean }> {
  const row = await ownedCfdi(db, userId, direction, uuid);
  // A test API key's CFDI (sandbox PAC, decision 307) has no fiscal effect: it is never counted.
  if (row.test && !notCount) throw new AppError(409, 'Un CFDI de prueba no se cuenta en las estadísticas', { notCount: ['El CFDI es de prueba'] });
  await db.update(cfdis).set({ notCount, updatedAt: new Date() }).where(eq(cfdis.id, row.id));
  return { msj: notCount ? 'El CFDI ya no se cuenta en las estadísticas' : 'El CFDI vuelve a contarse en las estadísticas', rspns: true };
}

/**
 * Accounts receivable (payable for recibido): every open balance today, split into those with related
 * documents (partly paid by complements, or credited) and those without; plus one page of the chosen side.
 */
export async function openBalancesPage(
  db: Db, userId: number, direction: CfdiDirection, q: { page: number; perPage: number; relatedocs?: '0' | '1' | ''; searchQuery?: string },
) {
  const base = sql`${owned(userId, direction)} AND ${openBalances()}`;
  const { rows: sums } = await db.execute(sql`SELECT
      count(*) FILTER (WHERE ${hasRelated})::int AS con_n, round(coalesce(sum(c.saldo * c.tipo_cambio) FILTER (WHERE ${hasRelated}), 0), 2)::text AS con_t,
      count(*) FILTER (WHERE NOT ${hasRelated})::int AS sin_n, round(coalesce(sum(c.saldo * c.tipo_cambio) FILTER (WHERE NOT ${hasRelated}), 0), 2)::text AS sin_t
    FROM cfdis c WHERE ${base}`);
  const s = sums[0] as { con_n: number; con_t: string; sin_n: number; sin_t: string };
  const parts = [base];
  if (q.relatedocs === '1') parts.push(hasRelated);
  if (q.relatedocs === '0') parts.push(sql`NOT ${hasRelated}`);
  if (q.searchQuery) parts.push(sql`c.search_text LIKE ${containsPattern(q.searchQuery)}`);
  const where = sql.join(parts.map((p) => sql`(${p})`), sql` AND `);
  const [page, total] = await Promise.all([
    db.execute(sql`SELECT ${rowSelect(direction)} FROM (SELECT * FROM cfdis c WHERE ${where} ORDER BY c.fecha DESC, c.id DESC
      LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}) c ${paymentJoin} ORDER BY c.fecha DESC, c.id DESC`),
    db.execute(sql`SELECT count(*)::int AS n FROM cfdis c WHERE ${where}`),
  ]);
  const result: { conRelacionados: { count: number; total: string }; sinRelacionados: { count: number; total: string }; page: Page<InvoiceRow> } = {
    conRelacionados: { count: Number(s.con_n), total: amountText(s.con_t) },
    sinRelacionados: { count: Number(s.sin_n), total: amountText(s.sin_t) },
    page: {
      data: (page.rows as Record<string, unknown>[]).map(toInvoiceRow),
      total: Number((total.rows[0] as { n: number }).n),
      current_page: q.page,
      per_page: q.perPage,
    },
  };
  return result;
}

/** §7.3 apps/invoice: the tenant's issued invoices across months (search, state), newest first. */
export async function appInvoices(db: Db, userId: number, q: { page: number; perPage: number; q?: string; status?: string }): Promise<Page<InvoiceRow>> {
  const parts = [owned(userId, 'emitido'), sql`c.tipo IN ('I', 'E')`];
  if (q.q) parts.push(sql`c.search_text LIKE ${containsPattern(q.q)}`);
  if (q.status === 'vigente') parts.push(sql`c.estado <> 'cancelada'`);
  if (q.status === 'cancelada') parts.push(sql`c.estado = 'cancelada'`);
  if (q.status === 'pendiente') parts.push(sql`c.saldo > 0 AND c.estado <> 'cancelada'`);
  if (q.status === 'pagada') parts.push(sql`c.fecha_pago IS NOT NULL AND c.estado <> 'cancelada'`);
  const where = sql.join(parts.map((p) => sql`(${p})`), sql` AND `);
  const [page, total] = await Promise.all([
    db.execute(sql`SELECT ${rowSelect('emitido')} FROM (SELECT * FROM cfdis c WHERE ${where} ORDER BY c.fecha DESC, c.id DESC
      LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}) c ${paymentJoin} ORDER BY c.fecha DESC, c.id DESC`),
    db.execute(sql`SELECT count(*)::int AS n FROM cfdis c WHERE ${where}`),
  ]);
  return {
    data: (page.rows as Record<string, unknown>[]).map(toInvoiceRow),
    total: Number((total.rows[0] as { n: number }).n),
    current_page: q.page,
    per_page: q.perPage,
  };
}

/** One issued invoice by id with its relations and the payments applied to it; another tenant's id is a 404. */
export async function appInvoice(db: Db, userId: number, id: number) {
  const { rows } = await db.execute(sql`SELECT ${rowSelect('emitido')} FROM cfdis c ${paymentJoin}
    WHERE ${owned(userId, 'emitido')} AND c.id = ${id}`);
  const r = rows[0] as Record<string, unknown> | undefined;
  if (!r) throw notFound('No encontramos esa factura');
  const row = toInvoiceRow(r);
  const relations = await db
    .select({ tipoRelacion: cfdiRelations.tipoRelacion, uuid: cfdiRelations.relatedUuid })
    .from(cfdiRelations)
    .where(and(eq(cfdiRelations.userId, userId), eq(cfdiRelations.uuid, row.uuid)));
  const payments = await db
    .select({ pagoUuid: cfdiPayments.pagoUuid, fechaPago: cfdiPayments.fechaPago, impPagado: cfdiPayments.impPagado, numParcialidad: cfdiPayments.numParcialidad })
    .from(cfdiPayments)
    .where(and(eq(cfdiPayments.userId, userId), eq(cfdiPayments.docUuid, row.uuid)))
    .orderBy(cfdiPayments.numParcialidad);
  return {
    ...row,
    relations,
    payments: payments.map((p) => ({ ...p, fechaPago: p.fechaPago.replace(' ', 'T').slice(0, 19), impPagado: amountText(p.impPagado) })),
  };
}
