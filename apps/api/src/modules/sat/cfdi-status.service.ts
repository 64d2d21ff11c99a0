import { and, eq, sql } from 'drizzle-orm';
import { parseXml } from '@facturo/cfdi/xml';
import type { CfdiSatStatusResult } from '@facturo/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { SatUnavailableError, type CfdiSatStatus } from '../../providers/sat/cfdi-status';
import { cfdis, type CfdiEstado } from '../cfdis/cfdis.schema';
import { refreshAfterStateChange } from '../cfdis/cfdi-store';
import { noteSatCancellationStatus } from '../invoicing/cancellation-store';
import type { SatProviders } from './sat-providers';

type CfdiRow = typeof cfdis.$inferSelect;

/**
 * The state the app keeps for SAT's answer, or undefined to leave the document as it is ("No encontrado" says
 * nothing about a document we hold: SAT takes up to 72 h to register a stamp).
 */
export function estadoFromSat(s: Pick<CfdiSatStatus, 'estado' | 'estatusCancelacion'>, current: CfdiEstado): CfdiEstado | undefined {
  if (s.estado === 'Cancelado') return 'cancelada';
  if (s.estado !== 'Vigente') return undefined;
  if (s.estatusCancelacion === 'En proceso') return 'en_proceso';
  if (s.estatusCancelacion === 'Solicitud rechazada') return 'rechazada';
  // SAT says vigente with no request: a request we thought pending was withdrawn or never reached SAT.
  if (current === 'en_proceso') return 'vigente';
  return undefined;
}

/** Asks SAT about one stored document and records what changed. */
export async function checkRow(deps: SatProviders, row: CfdiRow): Promise<{ sat: CfdiSatStatus; estado: CfdiEstado; changed: boolean }> {
  const xml = await deps.invoicing.storage.get(row.xmlKey);
  if (!xml) throw new AppError(404, 'El XML del comprobante no está en el almacenamiento');
  const root = parseXml(xml);
  const sat = await deps.status.consult({
    uuid: row.uuid, rfcEmisor: row.rfcEmisor, rfcReceptor: row.rfcReceptor,
    total: root.attrs.get('Total') ?? row.total, sello: root.attrs.get('Sello') ?? '',
  });
  const current = row.estado as CfdiEstado;
  const next = estadoFromSat(sat, current);
  const changed = next !== undefined && next !== current;
  const db = deps.invoicing.db;
  // SAT's EstatusCancelacion as last known: 'Plazo vencido' is how the lists tell a cancellation nobody answered.
  const cancelEstatus = sat.estatusCancelacion || row.cancelEstatus;
  if (changed) {
    await db.transaction(async (tx) => {
      await tx.update(cfdis).set({
        estado: next, cancelEstatus, cancelledAt: next === 'cancelada' ? new Date() : null, updatedAt: new Date(), satCheckedAt: new Date(),
      }).where(and(eq(cfdis.userId, row.userId), eq(cfdis.id, row.id)));
      if (row.direction === 'emitido') await noteSatCancellationStatus(tx as unknown as Db, row.userId, row.uuid, sat.estatusCancelacion);
      await refreshAfterStateChange(tx as unknown as Db, row.userId, row.uuid);
    });
  } else if (cancelEstatus !== row.cancelEstatus) {
    await db.update(cfdis).set({ cancelEstatus, satCheckedAt: new Date() }).where(and(eq(cfdis.userId, row.userId), eq(cfdis.id, row.id)));
    if (row.direction === 'emitido') await noteSatCancellationStatus(db, row.userId, row.uuid, sat.estatusCancelacion);
  } else {
    await db.execute(sql`UPDATE cfdis SET sat_checked_at = now() WHERE id = ${row.id} AND user_id = ${row.userId}`);
  }
  return { sat, estado: changed ? next : current, changed };
}

/** `GET /api/cfdi/:uuid/sat-status`: the tenant's own document (issued or received), else 404. */
export async function cfdiSatStatus(deps: SatProviders, userId: number, uuid: string): Promise<CfdiSatStatusResult> {
  const [row] = await deps.invoicing.db.select().from(cfdis).where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, uuid.toUpperCase()))).limit(1);
  if (!row) throw notFound('El comprobante no existe en tus ingresos ni en tus egresos');
  try {
    const { sat, estado, changed } = await checkRow(deps, row);
    return { uuid: row.uuid, ...sat, estadoLocal: estado, actualizado: changed, fuente: deps.status.kind };
  } catch (err) {
    if (err instanceof SatUnavailableError) throw new AppError(503, err.message);
    throw err;
  }
}
