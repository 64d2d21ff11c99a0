import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { getCatalog, isVigente } from '@facturo/cfdi/catalogs';
import { Decimal, fromCents, toCents } from '@facturo/cfdi/money';
import { repDeadline, type BankAccount, type BankAccountBody, type ColumnMapping, type Movement, type ReconcileBody } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/mail/mailer';
import { AppError, fieldError, notFound } from '../../http/errors';
import { cfdis } from '../cfdis/cfdis.schema';
import { bankAccounts, bankMovements, type StoredAllocation } from './bank.schema';
import { aging } from './domain/aging';
import { creditTerms } from './receivables.service';
import { matchMovements } from './domain/matching';
import type { ExchangeRatePort } from '../../providers/exchange-rates/exchange-rate-port';
import { dayRates } from './day-rates';
import { openCfdis, type OpenRow } from './open-cfdis';
import { mexicoToday } from '@facturo/cfdi/model';

const today = () => new Date().toISOString().slice(0, 10);

/** c_Banco, current entries only: the bank of an account. */
export function bankCatalog() {
  return getCatalog('c_Banco').filter((b) => isVigente(b as never, today())).map((b) => ({ clave: b.clave, descripcion: b.descripcion }));
}
const bankName = (clave: string) => getCatalog('c_Banco').find((b) => b.clave === clave)?.descripcion ?? clave;

type AccountRow = typeof bankAccounts.$inferSelect;
const toAccount = (r: AccountRow): BankAccount => ({
  id: r.id, banco: r.banco, bancoNombre: bankName(r.banco), clabe: r.clabe, moneda: r.moneda, alias: r.alias, mapeo: r.mapeo ?? null,
});

export async function listAccounts(db: Db, userId: number) {
  const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).orderBy(asc(bankAccounts.id));
  return { data: rows.map(toAccount) };
}

/** The account's bank account, or 404 (another account's id reads as unknown). */
export async function ownAccount(db: Db, userId: number, id: number): Promise<AccountRow> {
  const [row] = await db.select().from(bankAccounts).where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, id)));
  if (!row) throw notFound('No encontramos esa cuenta bancaria');
  return row;
}

export async function createAccount(db: Db, userId: number, body: BankAccountBody): Promise<{ id: number }> {
  if (!bankCatalog().some((b) => b.clave === body.banco)) throw fieldError('banco', `El banco ${body.banco} no está en el catálogo c_Banco del SAT`);
  // The CLABE's first three digits are the bank's ABM code, the same key c_Banco uses.
  if (body.clabe.slice(0, 3) !== body.banco) {
    throw fieldError('clabe', `La CLABE es de otro banco (clave ${body.clabe.slice(0, 3)}, ${bankName(body.clabe.slice(0, 3))}); elige ese banco o revisa la CLABE`);
  }
  const [dup] = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.clabe, body.clabe)));
  if (dup) throw fieldError('clabe', 'Ya registraste una cuenta con esa CLABE');
  const [row] = await db.insert(bankAccounts).values({ userId, banco: body.banco, clabe: body.clabe, moneda: body.moneda, alias: body.alias || null }).returning({ id: bankAccounts.id });
  return { id: row!.id };
}

/**
 * Deletes a bank account and its movements. What was stamped from them (payment complements) stays: those are
 * CFDI; the CFDI they had matched become open to matching again.
 */
export async function deleteAccount(db: Db, userId: number, id: number) {
  await ownAccount(db, userId, id);
  await db.transaction(async (tx) => {
    await tx.delete(bankMovements).where(and(eq(bankMovements.userId, userId), eq(bankMovements.accountId, id)));
    await tx.delete(bankAccounts).where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, id)));
  });
  return { ok: true };
}

export async function setMapping(db: Db, userId: number, id: number, mapping: ColumnMapping): Promise<BankAccount> {
  await ownAccount(db, userId, id);
  const [row] = await db.update(bankAccounts).set({ mapeo: mapping }).where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, id))).returning();
  return toAccount(row!);
}

type MovementRow = typeof bankMovements.$inferSelect;
const publicAlloc = (a: StoredAllocation) => ({
  uuid: a.uuid, importe: a.importe, confianza: a.confianza, serie: a.serie ?? null, folio: a.folio ?? null, nombre: a.nombre ?? null,
  ...(a.rfc ? { rfc: a.rfc } : {}), metodoPago: a.metodoPago ?? null, ...(a.moneda ? { moneda: a.moneda } : {}),
});
export function toMovement(r: MovementRow): Movement {
  const deposit = !r.importe.startsWith('-');
  const abs = new Decimal(r.importe).abs().toFixed(2);
  const pending = r.estado === 'conciliado' && !r.complementoUuid && r.conciliacion.some((a) => a.direction === 'emitido' && a.metodoPago === 'PPD');
  return {
    id: r.id, fecha: r.fecha, descripcion: r.descripcion, referencia: r.referencia,
    deposito: deposit ? abs : null, retiro: deposit ? null : abs, estado: r.estado, cuentaEstado: r.cuentaEstado,
    propuesta: r.estado === 'pendiente' ? r.propuesta.map(publicAlloc) : [],
    conciliacion: r.conciliacion.map(publicAlloc),
    complemento: r.complementoUuid,
    complementoPendiente: pending,
    fechaLimiteRep: pending ? repDeadline(r.fecha) : null,
  };
}

export async function listMovements(db: Db, userId: number, q: { cuenta: number; mes?: number; anio?: number }) {
  await ownAccount(db, userId, q.cuenta);
  const where = [eq(bankMovements.userId, userId), eq(bankMovements.accountId, q.cuenta)];
  if (q.anio) {
    const from = q.mes ? `${q.anio}-${String(q.mes).padStart(2, '0')}-01` : `${q.anio}-01-01`;
    const to = q.mes ? (q.mes === 12 ? `${q.anio + 1}-01-01` : `${q.anio}-${String(q.mes + 1).padStart(2, '0')}-01`) : `${q.anio + 1}-01-01`;
    where.push(gte(bankMovements.fecha, from), lt(bankMovements.fecha, to));
  }
  const rows = await db.select().from(bankMovements).where(and(...where)).orderBy(asc(bankMovements.fecha), asc(bankMovements.id)).limit(5000);
  return { data: rows.map(toMovement) };
}

async function ownMovement(db: Db, userId: number, id: number): Promise<MovementRow> {
  const [row] = await db.select().from(bankMovements).where(and(eq(bankMovements.userId, userId), eq(bankMovements.id, id)));
  if (!row) throw notFound('No encontramos ese movimiento');
  return row;
}

const describeCfdi = (c: OpenRow): Omit<StoredAllocation, 'importe' | 'confianza'> => ({
  uuid: c.uuid, metodoPago: c.metodoPago, direction: c.direction, moneda: c.moneda, serie: c.serie, folio: c.folio, nombre: c.nombre, rfc: c.rfc,
});

/**
 * Runs the matching engine over the account's pending movements (all of them, or `ids`) and stores each one's
 * proposal. Movements already reconciled or marked "sin CFDI" keep theirs.
 */
export async function proposeMatches(db: Db, userId: number, accountId: number, ids?: number[], rates?: ExchangeRatePort): Promise<number> {
  const account = await ownAccount(db, userId, accountId);
  const where = [eq(bankMovements.userId, userId), eq(bankMovements.accountId, accountId), eq(bankMovements.estado, 'pendiente')];
  if (ids) where.push(ids.length ? inArray(bankMovements.id, ids) : sql`false`);
  const pending = await db.select({
    id: bankMovements.id, fecha: bankMovements.fecha, importe: bankMovements.importe, descripcion: bankMovements.descripcion, referencia: bankMovements.referencia,
    hadProposal: sql<boolean>`jsonb_array_length(${bankMovements.propuesta}) > 0`,
  }).from(bankMovements).where(and(...where));
  const had = new Set(pending.filter((m) => m.hadProposal).map((m) => m.id));
  if (!pending.length) return 0;
  const open = await openCfdis(db, userId);
  const byUuid = new Map(open.map((c) => [c.uuid, c]));
  // A foreign-currency invoice is converted at the payment day's rate (its own TipoCambio when the day's is unknown);
  // the bank's conversion differs from the FIX by its spread, hence the 3 % tolerance.
  const foreign = [...new Set(open.filter((c) => c.moneda !== account.moneda).map((c) => c.moneda))];
  const rate = await dayRates(rates, foreign, pending.map((m) => m.fecha));
  const results = matchMovements(pending.map((m) => ({ id: m.id, fecha: m.fecha, cents: toCents(m.importe), descripcion: m.descripcion, referencia: m.referencia })), open,
    { moneda: account.moneda, fxTolerance: 0.03, rate });
  let proposed = 0;
  await db.transaction(async (tx) => {
    for (const r of results) {
      const propuesta: StoredAllocation[] = r.propuesta.map((a) => ({ ...describeCfdi(byUuid.get(a.uuid)!), importe: fromCents(a.cents), confianza: a.confianza }));
      if (propuesta.length) proposed++;
      // Nothing proposed where nothing was: no write (a fresh 10,000-line statement without matches writes none).
      else if (!had.has(r.movementId)) continue;
      await tx.update(bankMovements).set({ propuesta, updatedAt: new Date() }).where(and(eq(bankMovements.userId, userId), eq(bankMovements.id, r.movementId)));
    }
  });
  return proposed;
}

/** Open CFDI for the "change" search: issued ones for a deposit, received ones for a withdrawal. */
export async function searchOpen(db: Db, userId: number, q: { movimiento: number; buscar?: string }) {
  const m = await ownMovement(db, userId, q.movimiento);
  const rows = await openCfdis(db, userId, { direction: m.importe.startsWith('-') ? 'recibido' : 'emitido', search: q.buscar, limit: 50 });
  return {
    data: rows.filter((r) => r.fecha <= m.fecha).map((r) => ({ ...describeCfdi(r), importe: r.saldo, saldo: r.saldo, confianza: 0, fecha: r.fecha })),
  };
}

/**
 * Accepts (or changes) a movement's match: the CFDI and the part of the movement each gets, adding up to the
 * movement. PUE invoices and received CFDI are marked paid on the movement's date in the same transaction; PPD
 * invoices wait for their payment complement ("Timbrar complementos"), their saldo promised meanwhile.
 */
export async function reconcile(db: Db, userId: number, id: number, body: ReconcileBody): Promise<{ movimiento: Movement }> {
  const m = await ownMovement(db, userId, id);
  if (m.complementoUuid) throw new AppError(409, 'El movimiento ya tiene su complemento de pago timbrado: cancélalo antes de cambiar la conciliación');
  const deposit = !m.importe.startsWith('-');
  const abs = new Decimal(m.importe).abs();
  const total = body.cfdis.reduce((a, c) => a.plus(c.importe), new Decimal(0));
  if (!total.eq(abs)) throw fieldError('cfdis', `Los importes suman ${total.toFixed(2)} y el movimiento es de ${abs.toFixed(2)}: deben ser iguales`);
  const uuids = body.cfdis.map((c) => c.uuid);
  if (new Set(uuids).size !== uuids.length) throw fieldError('cfdis', 'Un CFDI aparece dos veces: suma sus importes en una sola línea');
  const out = await db.transaction(async (tx) => {
    // Undo the previous acceptance first (so "change" frees what it had taken), then check against what is open.
    await release(tx, userId, m);
    const open = new Map((await openCfdis(tx, userId, { uuids })).map((c) => [c.uuid, c]));
    const allocations: StoredAllocation[] = [];
    for (const [i, c] of body.cfdis.entries()) {
      const cfdi = open.get(c.uuid);
      if (!cfdi) throw new AppError(404, `No encontramos el CFDI ${c.uuid} entre tus comprobantes vigentes`, { [`cfdis.${i}.uuid`]: ['No encontramos el CFDI'] });
      if (cfdi.direction !== (deposit ? 'emitido' : 'recibido')) {
        throw fieldError(`cfdis.${i}.uuid`, deposit ? `El CFDI ${c.uuid} es de un gasto: un depósito se concilia con facturas emitidas` : `El CFDI ${c.uuid} es una factura emitida: un retiro se concilia con CFDI recibidos`);
      }
      if (cfdi.fecha > m.fecha) throw fieldError(`cfdis.${i}.uuid`, `La factura ${cfdi.serie ?? ''}${cfdi.folio ?? c.uuid} es posterior al movimiento: un pago antes de la factura es un anticipo`);
      // Same currency: the part may not exceed what is open. Another currency: the complement converts it.
      if (cfdi.moneda === (await accountCurrency(tx, userId, m.accountId)) && new Decimal(c.importe).gt(cfdi.saldo)) {
        throw fieldError(`cfdis.${i}.importe`, `El importe ${c.importe} excede el saldo de ${cfdi.saldo} del CFDI ${cfdi.serie ?? ''}${cfdi.folio ?? c.uuid}`);
      }
      const allocation: StoredAllocation = { ...describeCfdi(cfdi), importe: new Decimal(c.importe).toFixed(2), confianza: 1 };
      if (!(cfdi.direction === 'emitido' && cfdi.metodoPago === 'PPD')) {
        // PUE or received: paid on the movement's date (no complement); the bank match is what says so.
        const [before] = await tx.select({ fechaPago: cfdis.fechaPago }).from(cfdis).where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, c.uuid), eq(cfdis.direction, cfdi.direction)));
        allocation.fechaPagoAnterior = before?.fechaPago ?? null;
        await tx.update(cfdis).set({ fechaPago: m.fecha, updatedAt: new Date() }).where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, c.uuid), eq(cfdis.direction, cfdi.direction)));
      }
      allocations.push(allocation);
    }
    const [row] = await tx.update(bankMovements).set({ estado: 'conciliado', conciliacion: allocations, formaPago: body.formaPago, complementoError: null, updatedAt: new Date() })
      .where(and(eq(bankMovements.userId, userId), eq(bankMovements.id, id))).returning();
    return row!;
  });
  return { movimiento: toMovement(out) };
}

async function accountCurrency(db: Db, userId: number, accountId: number): Promise<string> {
  const [a] = await db.select({ moneda: bankAccounts.moneda }).from(bankAccounts).where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.id, accountId)));
  return a?.moneda ?? 'MXN';
}

/** Frees a movement's accepted match (nothing stamped from it yet): the CFDI it marked paid get back their fecha_pago. */
async function release(db: Db, userId: number, m: MovementRow): Promise<void> {
  if (m.estado !== 'conciliado') return;
  for (const a of m.conciliacion) {
    if (a.fechaPagoAnterior === undefined || !a.direction) continue;
    await db.update(cfdis).set({ fechaPago: a.fechaPagoAnterior, updatedAt: new Date() })
      .where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, a.uuid), eq(cfdis.direction, a.direction)));
  }
  await db.update(bankMovements).set({ estado: 'pendiente', conciliacion: [], updatedAt: new Date() })
    .where(and(eq(bankMovements.userId, userId), eq(bankMovements.id, m.id)));
}

export async function undo(db: Db, userId: number, id: number, rates?: ExchangeRatePort): Promise<{ movimiento: Movement }> {
  const m = await ownMovement(db, userId, id);
  if (m.complementoUuid) throw new AppError(409, 'El movimiento ya tiene su complemento de pago timbrado: cancélalo antes de deshacer la conciliación');
  await db.transaction(async (tx) => {
    await release(tx, userId, m);
    if (m.estado === 'sin_cfdi' || m.estado === 'ignorado') await tx.update(bankMovements).set({ estado: 'pendiente', updatedAt: new Date() }).where(and(eq(bankMovements.userId, userId), eq(bankMovements.id, id)));
  });
  await proposeMatches(db, userId, m.accountId, [id], rates);
  return { movimiento: toMovement(await ownMovement(db, userId, id)) };
}

/**
 * Settles a movement without a CFDI: `sin_cfdi` (a real payment with no invoice: a withdrawal counts as
 * non-deductible in its month) or `ignorado` (a transfer between own accounts, a reversal: counts nowhere). Either
 * way the movement no longer keeps its month from being reconciled (decision 317).
 */
export async function markNoCfdi(db: Db, userId: number, id: number, estado: 'sin_cfdi' | 'ignorado' = 'sin_cfdi'): Promise<{ movimiento: Movement }> {
  const m = await ownMovement(db, userId, id);
  if (m.estado === 'conciliado') {
    throw new AppError(409, `El movimiento está conciliado: deshaz la conciliación antes de ${estado === 'sin_cfdi' ? 'marcarlo sin CFDI' : 'ignorarlo'}`);
  }
  const [row] = await db.update(bankMovements).set({ estado, updatedAt: new Date() }).where(and(eq(bankMovements.userId, userId), eq(bankMovements.id, id))).returning();
  return { movimiento: toMovement(row!) };
}

/**
 * Splits a pending movement into parts adding up to it (one transfer paying two things the user wants to
 * reconcile separately). The first part stays the movement (its fingerprint still dedupes a re-import); the
 * others are new movements with derived fingerprints.
 */
export async function split(db: Db, userId: number, id: number, importes: string[], rates?: ExchangeRatePort) {
  const m = await ownMovement(db, userId, id);
  if (m.estado !== 'pendiente') throw new AppError(409, 'Solo se puede dividir un movimiento pendiente');
  const abs = new Decimal(m.importe).abs();
  const parts = importes.map((i) => new Decimal(i));
  if (parts.some((p) => p.lte(0))) throw fieldError('importes', 'Cada parte debe ser mayor que cero');
  const sum = parts.reduce((a, p) => a.plus(p), new Decimal(0));
  if (!sum.eq(abs)) throw fieldError('importes', `Las partes suman ${sum.toFixed(2)} y el movimiento es de ${abs.toFixed(2)}: deben ser iguales`);
  const sign = m.importe.startsWith('-') ? -1 : 1;
  const signed = (d: Decimal) => (sign < 0 ? d.negated() : d).toFixed(2);
  const ids = await db.transaction(async (tx) => {
    await tx.update(bankMovements).set({ importe: signed(parts[0]!), propuesta: [], updatedAt: new Date() }).where(and(eq(bankMovements.userId, userId), eq(bankMovements.id, id)));
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = m;
    const inserted = await tx.insert(bankMovements).values(parts.slice(1).map((p, i) => ({
      ...rest, importe: signed(p), propuesta: [], conciliacion: [], fingerprint: `${m.fingerprint.slice(0, 40)}/${Date.now().toString(36).slice(-3)}${i + 2}`,
    }))).returning({ id: bankMovements.id });
    return [id, ...inserted.map((r) => r.id)];
  });
  await proposeMatches(db, userId, m.accountId, ids, rates);
  const rows = await db.select().from(bankMovements).where(and(eq(bankMovements.userId, userId), inArray(bankMovements.id, ids))).orderBy(asc(bankMovements.id));
  return { data: rows.map(toMovement) };
}

/** GET /api/bancos/antiguedad: open saldos by counterparty and age (issued PPD for customers, received for suppliers). */
export async function agingReport(db: Db, userId: number, q: { tipo: 'clientes' | 'proveedores'; dias: number; fecha?: string }) {
  const fecha = q.fecha ?? mexicoToday();
  const emitido = q.tipo === 'clientes';
  const { rows } = await db.execute(sql`
    SELECT ${emitido ? sql`c.rfc_receptor` : sql`c.rfc_emisor`} AS rfc, ${emitido ? sql`c.nombre_receptor` : sql`c.nombre_emisor`} AS nombre,
      to_char(c.fecha, 'YYYY-MM-DD') AS fecha, c.saldo::numeric(24,2)::text AS saldo
    FROM cfdis c
    WHERE c.user_id = ${userId} AND c.direction = ${emitido ? 'emitido' : 'recibido'} AND c.tipo = 'I' AND c.estado <> 'cancelada' AND c.saldo > 0
      AND to_char(c.fecha, 'YYYY-MM-DD') <= ${fecha}`);
  const terms = emitido ? await creditTerms(db, userId) : new Map<string, number>();
  return { fecha, ...aging(rows as { rfc: string; nombre: string | null; fecha: string; saldo: string }[], fecha, q.dias, terms) };
}

/**
 * "Pedir factura al proveedor" (issue 27 §4): a withdrawal without a CFDI is e-mailed to the supplier with its
 * data (date, amount, reference, description), asking for the CFDI; until one arrives it stays unmatched.
 */
export async function requestInvoice(db: Db, mailer: Mailer, account: { id: number; rfc: string }, id: number, email: string) {
  const m = await ownMovement(db, account.id, id);
  if (!m.importe.startsWith('-')) throw fieldError('id', 'Solo se pide factura de un retiro: un depósito se factura a tu cliente');
  if (m.estado === 'conciliado') throw fieldError('id', 'El retiro ya está conciliado con un CFDI');
  const importe = new Decimal(m.importe).abs().toFixed(2);
  const text = `Hola:\n\n${account.rfc} te solicita el CFDI del pago que te hizo el ${m.fecha} por ${importe}` +
    `${m.referencia ? ` (referencia ${m.referencia})` : ''}: ${m.descripcion}.\n\nPor favor emítelo a nombre de ${account.rfc}. Gracias.`;
  await mailer.send({ to: email, subject: `Solicitud de factura del pago del ${m.fecha} por ${importe}`, text, html: text.replace(/\n/g, '<br>') });
  return { mensaje: `Se envió la solicitud a ${email}` };
}

/**
 * GET /api/bancos/meses: per month of the year, the movements of one bank account (or of all, for the dashboard),
 * how many are still pending, whether the month is reconciled (none pending: the same rule as
 * bank-cash-dates.ts), and the withdrawals without a CFDI (pending or marked sin CFDI, not ignored), which count
 * as non-deductible in their month until a CFDI is matched to them (issue 27 §4).
 */
export async function reconciledMonths(db: Db, userId: number, q: { cuenta?: number; anio: number }) {
  if (q.cuenta) await ownAccount(db, userId, q.cuenta);
  const { rows } = await db.execute(sql`
    SELECT extract(month FROM m.fecha)::int AS mes, count(*)::int AS movimientos, count(*) FILTER (WHERE m.estado = 'pendiente')::int AS pendientes,
      count(*) FILTER (WHERE m.importe < 0 AND m.estado IN ('pendiente', 'sin_cfdi'))::int AS retiros,
      coalesce(-sum(m.importe) FILTER (WHERE m.importe < 0 AND m.estado IN ('pendiente', 'sin_cfdi')), 0)::numeric(18,2)::text AS importe_retiros
    FROM bank_movements m
    WHERE m.user_id = ${userId} ${q.cuenta ? sql`AND m.account_id = ${q.cuenta}` : sql``}
      AND m.fecha >= ${`${q.anio}-01-01`}::date AND m.fecha < ${`${q.anio + 1}-01-01`}::date
    GROUP BY 1 ORDER BY 1`);
  return {
    data: (rows as { mes: number; movimientos: number; pendientes: number; retiros: number; importe_retiros: string }[]).map((r) => ({
      mes: Number(r.mes), movimientos: Number(r.movimientos), pendientes: Number(r.pendientes), conciliado: Number(r.pendientes) === 0,
      retirosSinCfdi: Number(r.retiros), importeRetirosSinCfdi: String(r.importe_retiros),
    })),
  };
}

/**
 * GET /api/bancos/rep-pendientes (issue 27 §3): each PPD invoice an accepted deposit paid whose complement is not
 * stamped yet, with its deadline (the 5th of the month after the payment); `vence` is the nearest one. The
 * incomes list and the dashboard show them where the user works.
 */
export async function pendingReps(db: Db, userId: number) {
  const rows = await db.select({ id: bankMovements.id, fecha: bankMovements.fecha, conciliacion: bankMovements.conciliacion }).from(bankMovements)
    .where(and(eq(bankMovements.userId, userId), eq(bankMovements.estado, 'conciliado'), sql`${bankMovements.complementoUuid} IS NULL`))
    .orderBy(asc(bankMovements.fecha), asc(bankMovements.id));
  const data = rows.flatMap((r) => r.conciliacion
    .filter((a) => a.direction === 'emitido' && a.metodoPago === 'PPD')
    .map((a) => ({ uuid: a.uuid, movimiento: r.id, fechaPago: r.fecha, importe: a.importe, vence: repDeadline(r.fecha) })));
  return { data, total: data.length, vence: data.reduce<string | null>((min, d) => (min === null || d.vence < min ? d.vence : min), null) };
}
