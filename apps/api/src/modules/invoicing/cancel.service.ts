import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { PacError, SandboxPac, type CancelMotivo, type CancelResult } from '@facturo/cfdi';
import { findChild, parseXml } from '@facturo/cfdi/xml';
import { CANCEL_MOTIVOS } from '@facturo/contract';
import { AppError, fieldError } from '../../http/errors';
import { cfdiRelations, cfdis, type CfdiEstado } from '../cfdis/cfdis.schema';
import { claimCancellation, failCancellation, pacCancelError, storeCancellation } from './cancellation-store';
import { refreshAfterStateChange } from '../cfdis/cfdi-store';
import { documentXml, issuedCfdi } from './documents.service';
import type { InvoicingProviders } from './providers';
import type { Db } from '../../db/client';
import { isTestRequest, pacFor, type StampAccount } from './test-mode';

export const cancelOptions = () => ({ data: Object.entries(CANCEL_MOTIVOS).map(([value, text]) => ({ value, text: `${value} - ${text}` })) });

/** SAT's answer → the state the invoice keeps (cfdis.estado). */
export function estadoOf(result: Pick<CancelResult, 'estado' | 'estatusCancelacion'>): CfdiEstado {
  if (result.estado === 'Cancelado') return 'cancelada';
  if (result.estatusCancelacion === 'En proceso') return 'en_proceso';
  if (result.estatusCancelacion === 'Solicitud rechazada') return 'rechazada';
  return 'vigente';
}

const ALERT: Record<CfdiEstado, string> = {
  cancelada: 'La factura quedó cancelada ante el SAT',
  en_proceso: 'La solicitud de cancelación está en proceso: el receptor tiene 72 horas para aceptarla o rechazarla',
  rechazada: 'El receptor rechazó la cancelación; la factura sigue vigente',
  vigente: 'El SAT no canceló la factura; sigue vigente',
};

/**
 * POST /api/incomes/cancel through the PAC port, for any issued CFDI (invoice, credit note, payment, payroll receipt).
 * Refuses (4xx, nothing changed) another account's or an unknown document (404), one already cancelled, in process
 * or being requested right now (409), SAT's motivo rules (422): 01 only with a substitute that is one of the
 * tenant's vigente CFDI and relates to this one with TipoRelacion 04; 04 only on a global invoice
 * (InformacionGlobal). No transaction is open while the PAC answers (decision 276): a short claim marks the request,
 * a short transaction stores SAT's answer and the PAC's acuse. The document keeps SAT's state; balances it touched
 * are redone.
 */
export async function cancelInvoice(
  deps: InvoicingProviders,
  account: StampAccount,
  input: { pIdPago: string; option: CancelMotivo; uuidSustitucion?: string },
): Promise<{ msj: string; rspns: boolean; uuid: string; estado: CfdiEstado }> {
  const { row, xml } = await documentXml(deps, account.id, input.pIdPago);
  // A test key never reaches a real PAC, so it cancels only test documents (decision 307).
  if (isTestRequest(account) && !row.test) {
    throw new AppError(403, 'Una llave de prueba solo cancela facturas de prueba; usa una llave live', { pIdPago: ['La factura no es de prueba'] });
  }
  if (row.estado === 'cancelada') throw new AppError(409, 'La factura ya está cancelada', { pIdPago: ['La factura ya está cancelada'] });
  if (row.estado === 'en_proceso') throw new AppError(409, 'La cancelación de esta factura ya está en proceso', { pIdPago: ['La cancelación ya está en proceso'] });
  const root = parseXml(xml);
  if (input.option === '04' && !findChild(root, root.ns, 'InformacionGlobal')) {
    throw fieldError('option', 'El motivo 04 solo aplica a una factura global (con InformacionGlobal); esta factura es nominativa: usa el motivo 01, 02 o 03');
  }
  if (input.option === '01' && input.uuidSustitucion) await checkSubstitute(deps.db, account.id, row.uuid, input.uuidSustitucion);
  const uuidSustitucion = input.option === '01' ? input.uuidSustitucion?.toUpperCase() : undefined;
  await claimCancellation(deps.db, account.id, { uuid: row.uuid, documento: 'cfdi', motivo: input.option, uuidSustitucion });
  let result: CancelResult;
  try {
    // The PAC that stamped it: the sandbox for a test document, whatever the process's PAC is.
    result = await pacFor(deps, row.test).cancel({
      rfcEmisor: account.rfc, rfcReceptor: row.rfcReceptor, uuid: row.uuid, motivo: input.option,
      folioSustitucion: uuidSustitucion, total: root.attrs.get('Total') ?? row.total,
    });
  } catch (err) {
    await failCancellation(deps.db, account.id, row.uuid, err);
    if (err instanceof PacError) throw pacCancelError(err);
    throw err;
  }
  const estado = estadoOf(result);
  await deps.db.transaction(async (tx) => {
    await tx.update(cfdis).set({
      estado, cancelMotivo: input.option, cancelUuidSustitucion: uuidSustitucion ?? null, cancelEstatus: result.estatusCancelacion || null,
      cancelledAt: estado === 'cancelada' ? new Date() : null, updatedAt: new Date(),
    }).where(and(eq(cfdis.userId, account.id), eq(cfdis.id, row.id)));
    await storeCancellation(tx as unknown as Db, account.id, row.uuid, result);
    await refreshAfterStateChange(tx as unknown as Db, account.id, row.uuid);
  });
  return { msj: ALERT[estado], rspns: estado === 'cancelada' || estado === 'en_proceso', uuid: row.uuid, estado };
}

/**
 * Motivo 01 (Anexo 20, cancelación con relación): the substitute is one of the tenant's issued CFDI, vigente at SAT,
 * and carries CfdiRelacionados TipoRelacion 04 with the cancelled UUID. 422 on uuidSustitucion otherwise.
 */
async function checkSubstitute(db: Db, userId: number, cancelled: string, uuidSustitucion: string): Promise<void> {
  const uuid = uuidSustitucion.toUpperCase();
  if (uuid === cancelled) throw fieldError('uuidSustitucion', 'Una factura no puede sustituirse a sí misma');
  const substitute = await issuedCfdi(db, userId, uuid).catch(() => undefined);
  if (!substitute || !['vigente', 'rechazada'].includes(substitute.estado)) {
    throw fieldError('uuidSustitucion', `El UUID de sustitución ${uuid} debe ser una factura vigente emitida por ti`);
  }
  const [relation] = await db.select({ id: cfdiRelations.id }).from(cfdiRelations).where(and(
    eq(cfdiRelations.userId, userId), eq(cfdiRelations.uuid, uuid), eq(cfdiRelations.tipoRelacion, '04'), eq(cfdiRelations.relatedUuid, cancelled),
  )).limit(1);
  if (!relation) {
    throw fieldError('uuidSustitucion',
      `La factura sustituta ${uuid} no relaciona a la cancelada con TipoRelacion 04 (sustitución de los CFDI previos); emítela con esa relación o usa «Sustituir»`);
  }
}

/**
 * Test-only control (decision 276): the sandbox PAC plays the receptor of the caller's own issued CFDI whose
 * cancellation waits for acceptance. The app learns the outcome as in production: from SAT's status (the status
 * check or the scheduled job), not from this call. 404 for another account's document, 409 without a sandbox PAC.
 */
export async function answerAsReceptor(deps: InvoicingProviders, userId: number, uuid: string, respuesta: 'aceptar' | 'rechazar') {
  const row = await issuedCfdi(deps.db, userId, uuid);
  if (!(deps.pac instanceof SandboxPac)) throw new AppError(409, 'Solo el PAC de pruebas simula la respuesta del receptor');
  try {
    const status = await deps.pac.acceptOrRejectCancellation(row.uuid, respuesta === 'aceptar' ? 'Aceptacion' : 'Rechazo');
    return { uuid: row.uuid, estado: status.estado, estatusCancelacion: status.estatusCancelacion };
  } catch (err) {
    if (err instanceof PacError) throw pacCancelError(err);
    throw err;
  }
}

/** `GET /api/cfdi/{uuid}/acuse-cancelacion` for any issued document (CFDI or retenciones). */
export { cancellationAcuse } from './cancellation-store';

/**
 * GET /api/invoicing/substitution/:rfc/:month/:year: the tenant's vigente ingresos and egresos of that month
 * (Mexico City dates), candidates to substitute a cancelled invoice (motivo 01) or to relate. With `sustituye`, the
 * valid substitutes of that UUID instead: the tenant's vigente CFDI relating to it with TipoRelacion 04, any month.
 */
export async function substitutionCandidates(db: Db, userId: number, month: number, year: number, sustituye?: string) {
  const from = `${year}-${String(month).padStart(2, '0')}-01 00:00:00`;
  const to = month === 12 ? `${year + 1}-01-01 00:00:00` : `${year}-${String(month + 1).padStart(2, '0')}-01 00:00:00`;
  const which = sustituye
    ? inArray(cfdis.uuid, db.select({ uuid: cfdiRelations.uuid }).from(cfdiRelations).where(and(
      eq(cfdiRelations.userId, userId), eq(cfdiRelations.tipoRelacion, '04'), eq(cfdiRelations.relatedUuid, sustituye.toUpperCase()),
    )))
    : and(gte(cfdis.fecha, from), lt(cfdis.fecha, to), inArray(cfdis.tipo, ['I', 'E']));
  const rows = await db
    .select()
    .from(cfdis)
    .where(and(eq(cfdis.userId, userId), eq(cfdis.direction, 'emitido'), inArray(cfdis.estado, ['vigente', 'rechazada']), which))
    .orderBy(cfdis.fecha)
    .limit(500);
  return {
    data: rows.map((r) => ({
      uuid: r.uuid, serie: r.serie, folio: r.folio, f_emi: r.fecha, client: r.nombreReceptor ?? r.rfcReceptor, rfcReceptor: r.rfcReceptor,
      total: r.total, moneda: r.moneda, estado: r.estado, tipoDeComprobante: r.tipo,
    })),
  };
}
