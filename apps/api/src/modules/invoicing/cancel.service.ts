import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { PacError, type CancelMotivo, type CancelResult } from '@facturo/cfdi';
import { parseXml } from '@facturo/cfdi/xml';
import { CANCEL_MOTIVOS } from '@facturo/contract';
import { AppError, fieldError } from '../../http/errors';
import { cfdis, type CfdiEstado } from '../cfdis/cfdis.schema';
import { refreshAfterStateChange } from '../cfdis/cfdi-store';
import { documentXml, issuedCfdi } from './documents.service';
import type { InvoicingProviders } from './providers';
import type { Db } from '../../db/client';

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
 * POST /api/incomes/cancel through the PAC port. Refuses (4xx, nothing changed) another account's or an
 * unknown invoice (404), one already cancelled or in process (409) and a motivo 01 whose substitute is not
 * one of the tenant's vigente invoices (422). The invoice keeps SAT's state; balances it touched are redone.
 */
export async function cancelInvoice(
  deps: InvoicingProviders,
  account: { id: number; rfc: string },
  input: { pIdPago: string; option: CancelMotivo; uuidSustitucion?: string },
): Promise<{ msj: string; rspns: boolean; uuid: string; estado: CfdiEstado }> {
  const { row, xml } = await documentXml(deps, account.id, input.pIdPago);
  if (row.estado === 'cancelada') throw new AppError(409, 'La factura ya está cancelada', { pIdPago: ['La factura ya está cancelada'] });
  if (row.estado === 'en_proceso') throw new AppError(409, 'La cancelación de esta factura ya está en proceso', { pIdPago: ['La cancelación ya está en proceso'] });
  if (input.uuidSustitucion) {
    if (input.uuidSustitucion === row.uuid) throw fieldError('uuidSustitucion', 'Una factura no puede sustituirse a sí misma');
    const substitute = await issuedCfdi(deps.db, account.id, input.uuidSustitucion).catch(() => undefined);
    if (!substitute || substitute.estado === 'cancelada') {
      throw fieldError('uuidSustitucion', 'El UUID de sustitución debe ser una factura vigente emitida por ti');
    }
  }
  let result: CancelResult;
  try {
    result = await deps.pac.cancel({
      rfcEmisor: account.rfc, rfcReceptor: row.rfcReceptor, uuid: row.uuid, motivo: input.option,
      folioSustitucion: input.uuidSustitucion, total: parseXml(xml).attrs.get('Total') ?? row.total,
    });
  } catch (err) {
    if (err instanceof PacError) {
      const detail = err.issues.map((i) => `${i.code}: ${i.message}`);
      throw new AppError(err.kind === 'unavailable' ? 503 : 422, `El SAT no aceptó la cancelación: ${detail[0] ?? err.message}`, { pac: detail });
    }
    throw err;
  }
  const estado = estadoOf(result);
  await deps.db.transaction(async (tx) => {
    await tx.update(cfdis).set({
      estado, cancelMotivo: input.option, cancelUuidSustitucion: input.uuidSustitucion ?? null,
      cancelledAt: estado === 'cancelada' ? new Date() : null, updatedAt: new Date(),
    }).where(and(eq(cfdis.userId, account.id), eq(cfdis.id, row.id)));
    await refreshAfterStateChange(tx as unknown as Db, account.id, row.uuid);
  });
  return { msj: ALERT[estado], rspns: estado === 'cancelada' || estado === 'en_proceso', uuid: row.uuid, estado };
}

/**
 * GET /api/invoicing/substitution/:rfc/:month/:year: the tenant's vigente ingresos and egresos of that
 * month (Mexico City dates), candidates to substitute a cancelled invoice (motivo 01) or to relate.
 */
export async function substitutionCandidates(db: Db, userId: number, month: number, year: number) {
  const from = `${year}-${String(month).padStart(2, '0')}-01 00:00:00`;
  const to = month === 12 ? `${year + 1}-01-01 00:00:00` : `${year}-${String(month + 1).padStart(2, '0')}-01 00:00:00`;
  const rows = await db
    .select()
    .from(cfdis)
    .where(and(
      eq(cfdis.userId, userId), eq(cfdis.direction, 'emitido'), inArray(cfdis.tipo, ['I', 'E']), inArray(cfdis.estado, ['vigente', 'rechazada']),
      gte(cfdis.fecha, from), lt(cfdis.fecha, to),
    ))
    .orderBy(cfdis.fecha)
    .limit(500);
  return {
    data: rows.map((r) => ({
      uuid: r.uuid, serie: r.serie, folio: r.folio, f_emi: r.fecha, client: r.nombreReceptor ?? r.rfcReceptor, rfcReceptor: r.rfcReceptor,
      total: r.total, moneda: r.moneda, estado: r.estado, tipoDeComprobante: r.tipo,
    })),
  };
}
