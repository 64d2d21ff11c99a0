import { and, desc, eq, sql } from 'drizzle-orm';
import type { FolioHistoryItem } from '@facturo/contract';
import type { Db } from '../../db/client';
import { folioSeries, stampAttempts } from '../cfdis/cfdis.schema';

/**
 * The next folio of a serie, inside the caller's transaction. One statement creates the serie on first use,
 * locks its row until the commit (concurrent stamps of the serie wait here) and advances it; a rollback undoes
 * the advance, so folios stay gap-free. Every round trip from here to the commit is time the serie is locked
 * (bench:load, decision 260), hence one statement, not three.
 */
export async function claimFolio(tx: Db, userId: number, serie: string): Promise<number> {
  const [series] = await tx
    .insert(folioSeries)
    .values({ userId, serie, nextFolio: 2 })
    .onConflictDoUpdate({ target: [folioSeries.userId, folioSeries.serie], set: { nextFolio: sql`${folioSeries.nextFolio} + 1` } })
    .returning({ nextFolio: folioSeries.nextFolio });
  return series!.nextFolio - 1;
}

const ESTADO_OF: Record<string, FolioHistoryItem['estado']> = { timbrando: 'timbrando', timbrado: 'timbrado', no_timbrado: 'no timbrado' };

/** GET /api/invoicing/folios: the folios a serie gave, newest first (200 at most), with what became of each. */
export async function folioHistory(db: Db, userId: number, serie: string, estado?: FolioHistoryItem['estado']): Promise<FolioHistoryItem[]> {
  const status = estado ? Object.keys(ESTADO_OF).find((k) => ESTADO_OF[k] === estado) : undefined;
  const rows = await db.select({
    serie: stampAttempts.serie, folio: stampAttempts.folio, status: stampAttempts.status, uuid: stampAttempts.uuid, error: stampAttempts.error, createdAt: stampAttempts.createdAt,
  }).from(stampAttempts)
    .where(and(eq(stampAttempts.userId, userId), eq(stampAttempts.serie, serie), status ? eq(stampAttempts.status, status) : undefined))
    .orderBy(desc(stampAttempts.id)).limit(200);
  return rows.map((r) => ({
    serie: r.serie ?? '', folio: r.folio ?? '', estado: ESTADO_OF[r.status] ?? 'timbrando', uuid: r.uuid, motivo: r.error, fecha: r.createdAt.toISOString(),
  }));
}
