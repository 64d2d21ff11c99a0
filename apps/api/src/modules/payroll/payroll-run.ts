import { and, asc, eq, inArray } from 'drizzle-orm';
import { buildCfdi40 } from '@facturo/cfdi';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import { PAYROLL_DETAIL_STATUS, type PayrollProblem, type PrenominaDetalle } from '@facturo/contract';
import { AppError, fieldError } from '../../http/errors';
import type { JobContext } from '../../jobs/context';
import { employerOf } from './payroll.service';
import { cancelInvoice } from '../invoicing/cancel.service';
import { documentFileName, documentPdf, documentXml } from '../invoicing/documents.service';
import { invoicingProviders } from '../invoicing/providers';
import { requestHash, stampDocument } from '../invoicing/stamping';
import { PAYROLL_SERIE, payrollProblems, receiptInput } from './payroll-receipt';
import { prenominaDetalles, type DetalleRow } from './payroll.schema';
import { ownDetail, ownPrenomina, toDetalle } from './payroll.service';

/**
 * Issue 24 item 14, a payroll run start to finish: what SAT or the PAC would refuse, listed per employee
 * before anything is stamped; retry of the receipts that failed; each receipt e-mailed to its employee;
 * a receipt cancelled (02, or 01 with its substitute) and issued again.
 */

const detailsOf = (ctx: JobContext, userId: number, prenominaId: number, statuses: number[]) => ctx.db.select().from(prenominaDetalles)
  .where(and(eq(prenominaDetalles.userId, userId), eq(prenominaDetalles.prenominaId, prenominaId), inArray(prenominaDetalles.status, statuses)))
  .orderBy(asc(prenominaDetalles.id));

/** GET /api/prenomina/:id/revision: the problems of every detail still to stamp (pending or failed). */
export async function reviewPrenomina(ctx: JobContext, userId: number, id: number): Promise<{ problemas: PayrollProblem[] }> {
  const p = await ownPrenomina(ctx.db, userId, id);
  const employer = await employerOf(ctx, userId);
  const details = await detailsOf(ctx, userId, p.id, [PAYROLL_DETAIL_STATUS.pending, PAYROLL_DETAIL_STATUS.error]);
  return {
    problemas: details
      .map((d) => ({ id: d.id, no_empleado: d.empleado.no_empleado, nombre: d.empleado.nombre, errores: payrollProblems(d, employer) }))
      .filter((x) => x.errores.length > 0),
  };
}

/**
 * Refuses a run (422) while any pending detail has a problem: the body lists them per employee under
 * `errors["detalle.<id>"]`, each message naming the employee. Nothing is stamped.
 */
export async function assertRunnable(ctx: JobContext, userId: number, prenominaId: number): Promise<void> {
  const employer = await employerOf(ctx, userId);
  const pending = await detailsOf(ctx, userId, prenominaId, [PAYROLL_DETAIL_STATUS.pending]);
  const errors: Record<string, string[]> = {};
  for (const d of pending) {
    const found = payrollProblems(d, employer);
    if (found.length) errors[`detalle.${d.id}`] = found.map((m) => `${d.empleado.no_empleado} ${d.empleado.nombre}: ${m}`);
  }
  const n = Object.keys(errors).length;
  if (n) {
    throw new AppError(422, `${n === 1 ? 'Un empleado tiene' : `${n} empleados tienen`} datos que el SAT rechazaría; corrígelos o deshabilita su registro antes de timbrar`, errors);
  }
}

/** POST /api/prenomina/reintentar: the failed details go back to pending; the caller releases the run again. */
export async function resetFailed(ctx: JobContext, userId: number, id: number): Promise<number> {
  const p = await ownPrenomina(ctx.db, userId, id);
  const reset = await ctx.db.update(prenominaDetalles).set({ status: PAYROLL_DETAIL_STATUS.pending, error: null })
    .where(and(eq(prenominaDetalles.userId, userId), eq(prenominaDetalles.prenominaId, p.id), eq(prenominaDetalles.status, PAYROLL_DETAIL_STATUS.error)))
    .returning({ id: prenominaDetalles.id });
  if (!reset.length) throw fieldError('id', 'La prenómina no tiene recibos con error para reintentar');
  return reset.length;
}

/**
 * POST /api/prenomina/enviar: each stamped receipt (or one detail's) to its employee's e-mail, PDF and XML
 * attached. Employees without an address and failed deliveries are listed, not thrown.
 */
export async function sendReceipts(ctx: JobContext, userId: number, b: { id: number; detalle?: number | undefined }) {
  const p = await ownPrenomina(ctx.db, userId, b.id);
  let details = await detailsOf(ctx, userId, p.id, [PAYROLL_DETAIL_STATUS.stamped]);
  if (b.detalle !== undefined) {
    details = details.filter((d) => d.id === b.detalle);
    if (!details.length) throw fieldError('detalle', 'El registro no tiene un recibo timbrado para enviar');
  }
  if (!details.length) throw fieldError('id', 'La prenómina no tiene recibos timbrados para enviar');
  const deps = invoicingProviders(ctx);
  const sinCorreo: string[] = [];
  const errores: string[] = [];
  let enviados = 0;
  for (const d of details) {
    const who = `${d.empleado.no_empleado} ${d.empleado.nombre}`;
    if (!d.empleado.email || !d.uuid) {
      sinCorreo.push(who);
      continue;
    }
    try {
      const { row, xml } = await documentXml(deps, userId, d.uuid);
      const { pdf } = await documentPdf(deps, userId, d.uuid);
      const emisor = row.nombreEmisor ?? row.rfcEmisor;
      const text = `Hola, ${d.empleado.nombre}:\n\n${emisor} te envía tu recibo de nómina del ${p.fechaInicialPago} al ${p.fechaFinalPago} `
        + `(pagado el ${p.fechaPago}), UUID ${row.uuid}, neto ${d.neto} MXN.\nEncontrarás adjuntos el XML y la representación impresa en PDF.\n\nFacturo`;
      await deps.mailer.send({
        to: d.empleado.email,
        subject: `Recibo de nómina ${[row.serie, row.folio].filter(Boolean).join('-')} de ${emisor}`,
        text,
        html: `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, '<br>')}</p>`,
        attachments: [
          { filename: documentFileName(row, 'pdf'), contentType: 'application/pdf', content: pdf },
          { filename: documentFileName(row, 'xml'), contentType: 'application/xml', content: xml },
        ],
      });
      enviados += 1;
      await ctx.db.update(prenominaDetalles).set({ emailedAt: new Date() }).where(and(eq(prenominaDetalles.userId, userId), eq(prenominaDetalles.id, d.id)));
    } catch (err) {
      errores.push(`${who}: ${(err as Error).message}`);
    }
  }
  const message = `${enviados === 1 ? 'Se envió 1 recibo' : `Se enviaron ${enviados} recibos`}`
    + (sinCorreo.length ? `; ${sinCorreo.length} sin correo registrado` : '') + (errores.length ? `; ${errores.length} no se pudieron enviar` : '');
  return { message, enviados, sin_correo: sinCorreo, errores };
}

/**
 * POST /api/prenomina/cancelar, through the cancellation service every issued CFDI uses.
 * 02: cancels the receipt; once SAT answers cancelada the detail is pending again (its lines can be
 * corrected) and remembers the cancelled UUID, so stamping it again issues a new receipt.
 * 01: stamps the substitute first, from the detail as it is, with CfdiRelacionados TipoRelacion 04 to the
 * receipt it replaces, then cancels that one citing the substitute. A PAC call never runs inside a
 * transaction; a repeated 01 after a failed cancellation reuses the substitute already stamped (same
 * idempotency key) instead of stamping another.
 */
export async function cancelReceipt(ctx: JobContext, account: { id: number; rfc: string }, b: { id: number; motivo: '01' | '02' }) {
  const d = await ownDetail(ctx.db, account.id, b.id);
  if (d.status !== PAYROLL_DETAIL_STATUS.stamped || !d.uuid) throw fieldError('id', 'Este registro no tiene un recibo timbrado que cancelar');
  const deps = invoicingProviders(ctx);
  const old = d.uuid;
  let substitute: string | null = null;
  if (b.motivo === '01') {
    const p = await ownPrenomina(ctx.db, account.id, d.prenominaId);
    const employer = await employerOf(ctx, account.id);
    const problems = payrollProblems(d, employer);
    if (problems.length) throw new AppError(422, `El sustituto no se puede timbrar: ${problems[0]}`, { [`detalle.${d.id}`]: problems });
    const { root } = buildCfdi40(receiptInput(p, d, employer, toMexicoCityLocal(new Date()), old));
    const { response } = await stampDocument<{ uuid: string }>(deps, {
      account,
      serie: PAYROLL_SERIE,
      build(folio) {
        root.attrs.set('Folio', folio);
        return root;
      },
      idempotency: { key: `nomina-detalle-${d.id}-sustituye-${old}`, scope: 'payroll', requestHash: requestHash({ detail: d.id, sustituye: old }) },
      respond: (doc) => ({ uuid: doc.uuid }),
      reason: 'nomina',
    });
    substitute = response.uuid;
  }
  const result = await cancelInvoice(deps, account, { pIdPago: old, option: b.motivo, ...(substitute ? { uuidSustitucion: substitute } : {}) });
  let row: DetalleRow = d;
  if (substitute) {
    [row] = await ctx.db.update(prenominaDetalles).set({ uuid: substitute, uuidCancelado: old, stampedAt: new Date(), emailedAt: null })
      .where(and(eq(prenominaDetalles.userId, account.id), eq(prenominaDetalles.id, d.id))).returning() as [DetalleRow];
  } else if (result.estado === 'cancelada') {
    [row] = await ctx.db.update(prenominaDetalles)
      .set({ status: PAYROLL_DETAIL_STATUS.pending, uuid: null, uuidCancelado: old, error: null, stampedAt: null, emailedAt: null })
      .where(and(eq(prenominaDetalles.userId, account.id), eq(prenominaDetalles.id, d.id))).returning() as [DetalleRow];
  }
  const message = result.estado === 'cancelada'
    ? (substitute ? `Recibo ${old} cancelado y sustituido por ${substitute}` : `Recibo ${old} cancelado; el registro quedó pendiente para corregirlo y timbrarlo de nuevo`)
    : result.msj;
  const detalle: PrenominaDetalle = toDetalle(row);
  return { message, uuid: old, estado: result.estado, uuid_sustitucion: substitute, detalle };
}
