import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  payrollStatusText, PAYROLL_DETAIL_STATUS, type CrearPrenominaBody, type EditDetalleBody, type Page, type PayrollResponse, type Prenomina,
  type PrenominaDetalle,
} from '@facturo/contract';
import { postalCode } from '@facturo/cfdi/catalogs/server';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../http/errors';
import type { JobContext } from '../../jobs/context';
import { payrollExpireInSeconds, QUEUES } from '../../jobs/queue';
import { createProcess } from '../background/background.repository';
import { employees, employeeConcepts, type ConceptRow, type EmployeeRow } from '../employees/employees.schema';
import { containsPattern } from '../clients/search-text';
import { periodBounds } from '../incomes/cfdi-sets';
import { toInvoiceRow, rowSelect, paymentJoin } from '../incomes/cfdi-list';
import { issuerOf } from '../invoicing/invoice.service';
import { profileDetails } from '../profile/profile.schema';
import { fillEmployerQuotas } from './employer-quotas';
import { computeDetail, periodOf, type OwnLines } from './payroll-lines';
import type { Employer } from './payroll-receipt';
import { prenominaDetalles, prenominas, type DetalleRow, type EmpleadoSnapshot, type PrenominaRow } from './payroll.schema';

const NOT_FOUND = 'La prenómina no existe';
const DETAIL_NOT_FOUND = 'El registro de la prenómina no existe';
export const PAYROLL_TITLE = 'Timbrado de nómina';

/** The employer's data every receipt carries (profile + registro patronal); refuses when the profile is incomplete. */
export async function employerOf(ctx: JobContext, userId: number): Promise<Employer> {
  const issuer = await issuerOf(ctx.db, userId);
  const [details] = await ctx.db.select({ registroPatronal: profileDetails.registroPatronal }).from(profileDetails).where(eq(profileDetails.userId, userId));
  return { ...issuer, registroPatronal: details?.registroPatronal ?? null };
}

function snapshot(e: EmployeeRow): EmpleadoSnapshot {
  return {
    id: e.id, rfc: e.rfc, nombre: [e.nombre, e.apellidoPaterno, e.apellidoMaterno].filter(Boolean).join(' ').toUpperCase(), curp: e.curp, nss: e.nss,
    no_empleado: e.noEmpleado, fecha_inicio: e.fechaInicio, tipo_contrato: e.tipoContrato, tipo_jornada: e.tipoJornada, tipo_regimen: e.tipoRegimen,
    sindicalizado: e.sindicalizado, departamento: e.departamento, puesto: e.puesto, riesgo_puesto: e.riesgoPuesto, banco: e.banco,
    cuenta_bancaria: e.cuentaBancaria, salario_diario: e.salarioDiario, salario_base: e.salarioBase, entidad: e.entidad, cp: e.cp,
    email: e.email,
  };
}

function ownLines(concepts: ConceptRow[]): OwnLines {
  const line = (c: ConceptRow) => ({ tipo: c.tipo, clave: c.clave, concepto: c.concepto });
  return {
    percepciones: concepts.filter((c) => c.kind === 'percepcion')
      .map((c) => ({ ...line(c), importe_gravado: c.importeGravado ?? '0', importe_exento: c.importeExento ?? '0' })),
    deducciones: concepts.filter((c) => c.kind === 'deduccion').map((c) => ({ ...line(c), importe: c.importe ?? '0' })),
    otrosPagos: concepts.filter((c) => c.kind === 'otro_pago').map((c) => ({ ...line(c), importe: c.importe ?? '0' })),
  };
}

const amounts = (a: ReturnType<typeof computeDetail>) => ({
  percepciones: a.percepciones, deducciones: a.deducciones, otrosPagos: a.otrosPagos,
  totalPercepciones: a.totalPercepciones, totalDeducciones: a.totalDeducciones, totalOtrosPagos: a.totalOtrosPagos,
  isr: a.isr, imss: a.imss, neto: a.neto,
  imssPatronal: a.imssPatronal, rcvPatronal: a.rcvPatronal, infonavitPatronal: a.infonavitPatronal,
});

/** POST /api/crearPrenomina: one detail per chosen (or every active) employee, computed now, in one transaction. */
export async function createPrenomina(db: Db, userId: number, b: CrearPrenominaBody): Promise<{ id: number }> {
  const where = b.empleados
    ? and(eq(employees.userId, userId), inArray(employees.id, b.empleados.length ? b.empleados : [0]))
    : and(eq(employees.userId, userId), eq(employees.estatus, 1));
  const staff = await db.select().from(employees).where(where).orderBy(asc(employees.noEmpleado), asc(employees.id));
  if (b.empleados) {
    const missing = b.empleados.filter((id) => !staff.some((e) => e.id === id));
    if (missing.length) throw fieldError('empleados', `Estos empleados no existen en tu catálogo: ${missing.join(', ')}`);
    const inactive = staff.filter((e) => e.estatus !== 1);
    if (inactive.length) throw fieldError('empleados', `Estos empleados están dados de baja: ${inactive.map((e) => e.noEmpleado).join(', ')}`);
  }
  if (!staff.length) throw fieldError('empleados', 'No tienes empleados activos; da de alta al menos uno en Nómina → Empleados');
  const concepts = await db.select().from(employeeConcepts)
    .where(and(eq(employeeConcepts.userId, userId), inArray(employeeConcepts.employeeId, staff.map((e) => e.id))));
  const zona = await salarioMinimoZona(db, userId);
  const period = { fechaPago: b.fechaPago, numDiasPagados: b.numDiasPagados, periodicidad: b.periodicidad, tipoPago: b.tipoPago, metodoIsr: b.metodoIsr, zona };
  // An aguinaldo or PTU payroll pays only that: the employee's saved recurring lines belong to ordinary payrolls.
  const linesOf = (e: EmployeeRow) => (b.tipoPago === 'ordinaria'
    ? ownLines(concepts.filter((c) => c.employeeId === e.id)) : { percepciones: [], deducciones: [], otrosPagos: [] });
  // Computed before writing: a failing employee (no tariff for the date) refuses the whole pre-payroll.
  const details = staff.map((e) => ({ e, a: computeDetail(snapshot(e), linesOf(e), period) }));
  return db.transaction(async (tx) => {
    const [p] = await tx.insert(prenominas).values({
      userId, tipoNomina: b.tipoNomina, fechaInicialPago: b.fechaInicialPago, fechaFinalPago: b.fechaFinalPago, fechaPago: b.fechaPago,
      numDiasPagados: b.numDiasPagados, periodicidad: b.periodicidad, tipoPago: b.tipoPago, metodoIsr: b.metodoIsr, zonaSalario: zona,
    }).returning({ id: prenominas.id });
    await tx.insert(prenominaDetalles).values(details.map(({ e, a }) => ({
      userId, prenominaId: p!.id, employeeId: e.id, empleado: snapshot(e), ...amounts(a),
    })));
    return { id: p!.id };
  });
}


/**
 * Salario mínimo zone of the employer's workplace (decision 270): the Zona Libre de la Frontera Norte when the
 * employer's CP (its lugar de expedición) carries SAT's región fronteriza norte mark in c_CodigoPostal,
 * the general zone otherwise.
 */
export async function salarioMinimoZona(db: Db, userId: number): Promise<'general' | 'frontera'> {
  const [u] = await db.select({ cp: users.cp }).from(users).where(eq(users.id, userId));
  return u?.cp && postalCode(u.cp)?.zonaFronteriza === 'norte' ? 'frontera' : 'general';
}

export async function ownPrenomina(db: Db, userId: number, id: number): Promise<PrenominaRow> {
  const [p] = await db.select().from(prenominas).where(and(eq(prenominas.userId, userId), eq(prenominas.id, id)));
  if (!p) throw notFound(NOT_FOUND);
  return p;
}

function header(p: PrenominaRow) {
  return {
    id: p.id, tipo_nomina: p.tipoNomina, fecha_inicial_pago: p.fechaInicialPago, fecha_final_pago: p.fechaFinalPago, fecha_pago: p.fechaPago,
    num_dias_pagados: String(Number(p.numDiasPagados)), periodicidad: p.periodicidad, process_id: p.processId,
    tipo_pago: p.tipoPago, metodo_isr: p.metodoIsr, zona_salario: p.zonaSalario, created_at: p.createdAt.toISOString(),
  };
}

export function toDetalle(d: DetalleRow): PrenominaDetalle {
  const e = d.empleado;
  return {
    id: d.id, prenomina_id: d.prenominaId,
    empleado: { id: e.id, rfc: e.rfc, nombre: e.nombre, curp: e.curp, nss: e.nss, no_empleado: e.no_empleado },
    percepciones: d.percepciones, deducciones: d.deducciones, otros_pagos: d.otrosPagos,
    total_percepciones: d.totalPercepciones, total_deducciones: d.totalDeducciones, total_otros_pagos: d.totalOtrosPagos,
    isr: d.isr, imss: d.imss, neto: d.neto,
    imss_patronal: d.imssPatronal, rcv_patronal: d.rcvPatronal, infonavit_patronal: d.infonavitPatronal,
    status: d.status, status_text: payrollStatusText(d.status),
    xml: d.uuid ? `${d.uuid}.xml` : null, xmlUrl: d.uuid ? `/api/incomes/${d.uuid}/xml` : null, pdfUrl: d.uuid ? `/api/incomes/${d.uuid}/pdf` : null,
    uuid: d.uuid, error: d.error, uuid_cancelado: d.uuidCancelado, emailed_at: d.emailedAt?.toISOString() ?? null,
  };
}

/** GET /api/prenomina: newest first, with how many employees, stamped and failed, and the net to pay. */
export async function listPrenominas(db: Db, userId: number, q: { page: number; perPage: number; timbradas?: boolean }): Promise<Page<ReturnType<typeof header> & {
  empleados: number; timbrados: number; errores: number; total_neto: string;
}>> {
  const where = and(eq(prenominas.userId, userId), q.timbradas
    ? sql`EXISTS (SELECT 1 FROM prenomina_detalles s WHERE s.user_id = ${userId} AND s.prenomina_id = ${prenominas.id} AND s.status = 1)` : undefined);
  const [rows, [total]] = await Promise.all([
    db.select({
      p: prenominas,
      empleados: sql<number>`count(d.id)::int`,
      timbrados: sql<number>`count(d.id) FILTER (WHERE d.status = 1)::int`,
      errores: sql<number>`count(d.id) FILTER (WHERE d.status = 3)::int`,
      neto: sql<string>`coalesce(sum(d.neto) FILTER (WHERE d.status <> 2), 0)::numeric(14,2)::text`,
    }).from(prenominas)
      .leftJoin(sql`prenomina_detalles d`, sql`d.prenomina_id = ${prenominas.id} AND d.user_id = ${prenominas.userId}`)
      .where(where)
      // The whole primary key (id, user_id): the other columns depend on it (migration 0600).
      .groupBy(prenominas.id, prenominas.userId)
      .orderBy(desc(prenominas.id)).limit(q.perPage).offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(prenominas).where(where),
  ]);
  return {
    data: rows.map((r) => ({ ...header(r.p), empleados: r.empleados, timbrados: r.timbrados, errores: r.errores, total_neto: r.neto })),
    total: Number(total?.n ?? 0), current_page: q.page, per_page: q.perPage,
  };
}

export async function showPrenomina(db: Db, userId: number, id: number): Promise<Prenomina> {
  const p = await ownPrenomina(db, userId, id);
  await fillEmployerQuotas(db, userId, id);
  const details = await db.select().from(prenominaDetalles)
    .where(and(eq(prenominaDetalles.userId, userId), eq(prenominaDetalles.prenominaId, id))).orderBy(asc(prenominaDetalles.id));
  return { ...header(p), detalle_nomina: details.map(toDetalle) };
}

export async function ownDetail(db: Db, userId: number, id: number): Promise<DetalleRow> {
  const [d] = await db.select().from(prenominaDetalles).where(and(eq(prenominaDetalles.userId, userId), eq(prenominaDetalles.id, id)));
  if (!d) throw new AppError(404, DETAIL_NOT_FOUND, { id: [DETAIL_NOT_FOUND] });
  return d;
}

/** POST /api/prenomina: new own lines for a detail not yet stamped; taxes recomputed. */
export async function editDetail(db: Db, userId: number, b: EditDetalleBody): Promise<PrenominaDetalle> {
  const d = await ownDetail(db, userId, b.id);
  if (d.status === PAYROLL_DETAIL_STATUS.stamped) throw fieldError('id', 'Este registro ya está timbrado; no se puede editar');
  const p = await ownPrenomina(db, userId, d.prenominaId);
  const a = computeDetail(d.empleado, { percepciones: b.percepciones, deducciones: b.deducciones, otrosPagos: b.otros_pagos }, periodOf(p));
  const [row] = await db.update(prenominaDetalles).set({ ...amounts(a), error: null, status: d.status === 3 ? 0 : d.status })
    .where(and(eq(prenominaDetalles.userId, userId), eq(prenominaDetalles.id, d.id))).returning();
  return toDetalle(row!);
}

/** DELETE /api/prenomina/{id}: only while nothing of it is stamped (a stamped receipt is a CFDI). */
export async function deletePrenomina(db: Db, userId: number, id: number): Promise<{ message: string }> {
  await ownPrenomina(db, userId, id);
  const [stamped] = await db.select({ n: count() }).from(prenominaDetalles)
    .where(and(eq(prenominaDetalles.userId, userId), eq(prenominaDetalles.prenominaId, id), eq(prenominaDetalles.status, PAYROLL_DETAIL_STATUS.stamped)));
  if (Number(stamped?.n ?? 0) > 0) throw new AppError(409, 'La prenómina tiene recibos timbrados; no se puede eliminar');
  await db.delete(prenominas).where(and(eq(prenominas.userId, userId), eq(prenominas.id, id)));
  return { message: 'Prenómina eliminada' };
}

/** §4: pending or error → 2 disabled ("Registro deshabilitado"); disabled → 0 pending ("Registro habilitado"). */
export async function toggleDetail(db: Db, userId: number, id: number): Promise<{ message: string; status: number; status_text: string }> {
  const d = await ownDetail(db, userId, id);
  if (d.status === PAYROLL_DETAIL_STATUS.stamped) throw fieldError('id', 'Un registro timbrado no se puede deshabilitar');
  const status = d.status === PAYROLL_DETAIL_STATUS.disabled ? PAYROLL_DETAIL_STATUS.pending : PAYROLL_DETAIL_STATUS.disabled;
  await db.update(prenominaDetalles).set({ status, ...(status === PAYROLL_DETAIL_STATUS.pending ? { error: null } : {}) })
    .where(and(eq(prenominaDetalles.userId, userId), eq(prenominaDetalles.id, id)));
  return { message: status === PAYROLL_DETAIL_STATUS.disabled ? 'Registro deshabilitado' : 'Registro habilitado', status, status_text: payrollStatusText(status) };
}

export interface PayrollJobData {
  processId: string;
  userId: number;
  rfc: string;
  prenominaId: number;
}

/**
 * POST /api/releasePrenomina: checks what would stop every receipt (CSD, stamps, something pending) and
 * enqueues the stamping job; answers its background process for the live bar.
 */
export async function releasePrenomina(
  ctx: JobContext, account: { id: number; rfc: string }, id: number, preflight: (userId: number, pending: number, prenominaId: number) => Promise<void>,
): Promise<{ processId: string }> {
  const p = await ownPrenomina(ctx.db, account.id, id);
  const [pending] = await ctx.db.select({ n: count() }).from(prenominaDetalles)
    .where(and(eq(prenominaDetalles.userId, account.id), eq(prenominaDetalles.prenominaId, p.id), eq(prenominaDetalles.status, PAYROLL_DETAIL_STATUS.pending)));
  const n = Number(pending?.n ?? 0);
  if (!n) throw fieldError('id', 'La prenómina no tiene registros pendientes de timbrar');
  await preflight(account.id, n, p.id);
  const process = await createProcess(ctx.db, { userId: account.id, rfc: account.rfc, type: 'PAYROLL', title: PAYROLL_TITLE, message: 'En espera' });
  await ctx.db.update(prenominas).set({ processId: process.id, updatedAt: new Date() }).where(eq(prenominas.id, p.id));
  const data: PayrollJobData = { processId: process.id, userId: account.id, rfc: account.rfc, prenominaId: p.id };
  await ctx.boss.send(QUEUES.payrollStamp, data, { expireInSeconds: payrollExpireInSeconds(n) });
  return { processId: process.id };
}

/** GET /api/getNomina: receipts of the month (1 issued, 2 received) with their ISR and IMSS, and the month's totals. */
export async function listPayroll(
  db: Db, userId: number, period: { month: number; year: number }, type: 1 | 2, q: { page: number; perPage: number; searchQuery?: string | undefined },
): Promise<PayrollResponse> {
  const direction = type === 1 ? 'emitido' : 'recibido';
  const b = periodBounds(period);
  const where = sql`c.user_id = ${userId} AND c.direction = ${direction} AND c.tipo = 'N' AND c.fecha >= ${b.start}::timestamp AND c.fecha < ${b.end}::timestamp
    ${q.searchQuery ? sql`AND c.search_text LIKE ${containsPattern(q.searchQuery)}` : sql``}`;
  const [page, totals] = await Promise.all([
    db.execute(sql`SELECT ${rowSelect(direction)}, c.isr_retenido::text AS isr, c.nomina_imss::text AS imss FROM (
        SELECT * FROM cfdis c WHERE ${where} ORDER BY c.fecha DESC, c.id DESC LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}
      ) c ${paymentJoin} ORDER BY c.fecha DESC, c.id DESC`),
    db.execute(sql`SELECT count(*)::int AS n,
        round(coalesce(sum(c.total) FILTER (WHERE c.estado <> 'cancelada'), 0), 2)::text AS total,
        round(coalesce(sum(c.isr_retenido) FILTER (WHERE c.estado <> 'cancelada'), 0), 2)::text AS isr,
        round(coalesce(sum(c.nomina_imss) FILTER (WHERE c.estado <> 'cancelada'), 0), 2)::text AS imss
      FROM cfdis c WHERE ${where}`),
  ]);
  const t = totals.rows[0] as { n: number; total: string; isr: string; imss: string };
  const two = (v: unknown) => Number(v ?? 0).toFixed(2);
  return {
    facturas: {
      data: (page.rows as Record<string, unknown>[]).map((r) => ({ ...toInvoiceRow(r), isr: two(r.isr), imss: two(r.imss) })),
      total: t.n, current_page: q.page, per_page: q.perPage,
    },
    calculos: { total: t.total, isr: t.isr, imss: t.imss },
  };
}

