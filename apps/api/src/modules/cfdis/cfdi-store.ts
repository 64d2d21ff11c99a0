import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StoragePort } from '../../providers/storage/local-storage';
import { cfdiFacts, CfdiStoreError, directionFor, readCfdiXml, searchTextFor } from './cfdi-facts';
import { cfdiPayments, cfdiRelations, cfdis, type CfdiDirection } from './cfdis.schema';

export { CfdiStoreError };

/**
 * The one way a CFDI enters the store (stamped here by E1, imported from XML/ZIP or the SAT download by G):
 * parse with the engine, decide the direction, keep the exact bytes in storage and the facts in the
 * cfdis / cfdi_relations / cfdi_payments rows, and settle the balances the document touches.
 * Design: docs/decisions/155-cfdi-store.md.
 */

export interface StoreCfdiInput {
  userId: number;
  /** The tenant's RFC: decides emitido (Emisor) or recibido (Receptor). */
  accountRfc: string;
  xml: string | Uint8Array;
  source: 'app' | 'import' | 'sat';
  clientId?: number | null;
  observaciones?: string | null;
  pdf?: Uint8Array;
  /** A received document's deductibility decided by the caller (the import), written with the row. */
  deducible?: { deducible: boolean; motivo: string };
  /** The import storing it (its background process id): recorded, and returned when the UUID was there already. */
  importId?: string;
  /** Stamped with a test API key (sandbox PAC): marked test and excluded from every sum (decision 307). */
  test?: boolean;
}

export interface StoreCfdiResult {
  duplicated: boolean;
  id: number;
  uuid: string;
  direction: CfdiDirection;
  tipo: string;
  xmlKey: string;
  pdfKey: string | null;
  /** The import that had stored the document, when `duplicated` (null: stamped, downloaded, or older). */
  importId?: string | null;
}

/** Storage keys of a tenant's documents (one folder per tenant, the UUID names the file). */
export const cfdiXmlKey = (userId: number, uuid: string): string => `cfdi/${userId}/${uuid.toUpperCase()}.xml`;
export const cfdiPdfKey = (userId: number, uuid: string): string => `cfdi/${userId}/${uuid.toUpperCase()}.pdf`;

/**
 * Stores one stamped CFDI. Deduplicates by UUID per tenant (answers duplicated: true and the existing row,
 * nothing written). Pass a transaction to make it part of a larger one (stamping); otherwise the rows of
 * this document are written in their own transaction.
 * @throws CfdiStoreError not a CFDI, not stamped, or not the tenant's (neither Emisor nor Receptor)
 */
export async function storeCfdi(
  db: Db, storage: StoragePort, input: StoreCfdiInput,
  /** `db` is already a transaction (stamping): write on it rather than in a savepoint, two round trips less. */
  opts: { inTransaction?: boolean } = {},
): Promise<StoreCfdiResult> {
  const bytes = typeof input.xml === 'string' ? Buffer.from(input.xml, 'utf8') : Buffer.from(input.xml);
  const facts = cfdiFacts(readCfdiXml(bytes));
  const direction = directionFor({ emisorRfc: facts.rfcEmisor, receptorRfc: facts.rfcReceptor }, input.accountRfc);
  const base = { uuid: facts.uuid, direction, tipo: facts.tipo };

  const existing = await findStored(db, input.userId, facts.uuid);
  if (existing) return { ...base, ...existing, duplicated: true };

  const xmlKey = cfdiXmlKey(input.userId, facts.uuid);
  const pdfKey = input.pdf ? cfdiPdfKey(input.userId, facts.uuid) : null;
  // Bytes first: a row never points at a missing file. A failed insert leaves a file under the same UUID key,
  // which the next attempt overwrites with the same bytes.
  await storage.put(xmlKey, bytes, 'application/xml');
  if (input.pdf && pdfKey) await storage.put(pdfKey, input.pdf, 'application/pdf');

  const write = async (tx: Db): Promise<StoreCfdiResult> => {
    const { relations, payments, ...row } = facts;
    const [inserted] = await tx
      .insert(cfdis)
      .values({
        ...row,
        userId: input.userId,
        direction,
        source: input.source,
        clientId: input.clientId ?? null,
        observaciones: input.observaciones ?? null,
        xmlKey,
        xmlSha256: createHash('sha256').update(bytes).digest('hex'),
        pdfKey,
        importId: input.importId ?? null,
        ...(input.test ? { test: true, notCount: true } : {}),
        searchText: searchTextFor(facts, direction),
        ...(input.deducible && direction === 'recibido' ? { deducible: input.deducible.deducible, deducibleMotivo: input.deducible.motivo } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: cfdis.id });
    if (!inserted) {
      // Lost a race with a concurrent store of the same UUID: theirs is the row.
      const other = await findStored(tx, input.userId, facts.uuid);
      return { ...base, ...(other ?? { id: 0, xmlKey, pdfKey }), duplicated: true };
    }
    if (relations.length > 0) {
      await tx.insert(cfdiRelations).values(relations.map((r) => ({ ...r, userId: input.userId, uuid: facts.uuid })));
    }
    if (payments.length > 0) {
      await tx
        .insert(cfdiPayments)
        .values(
          payments.map(({ mxnFactor: _f, ...p }) => ({
            ...p,
            userId: input.userId,
            pagoUuid: facts.uuid,
            direction,
            formaPago: p.formaPago ?? null,
          })),
        )
        .onConflictDoNothing();
    }
    // A UUID the PAC has just assigned (source 'app') cannot be named by any stored 3.3 payment yet.
    if (facts.version === '3.3' || input.source !== 'app') await prorateLegacyPayments(tx, input.userId, facts.uuid);
    // A PUE (or method-less) ingreso changes no balance but its own, and refreshBalances only touches PPD ones:
    // skipping the no-op statement is a sixth of an import's per-document cost (bench/cfdi-import).
    if (!(facts.tipo === 'I' && facts.metodoPago !== 'PPD')) {
      await refreshBalances(tx, input.userId, affectedBy(facts.uuid, facts.tipo, relations, payments.map((p) => p.docUuid)));
    }
    return { ...base, id: inserted.id, xmlKey, pdfKey, duplicated: false };
  };
  return opts.inTransaction ? write(db) : db.transaction((tx) => write(tx as unknown as Db));
}

async function findStored(db: Db, userId: number, uuid: string) {
  const [row] = await db
    .select({ id: cfdis.id, xmlKey: cfdis.xmlKey, pdfKey: cfdis.pdfKey, importId: cfdis.importId })
    .from(cfdis)
    .where(and(eq(cfdis.userId, userId), eq(cfdis.uuid, uuid)));
  return row;
}

/** The invoices whose balance a document can change: itself, what it pays, what it credits (relation 01). */
function affectedBy(uuid: string, tipo: string, relations: { tipoRelacion: string; relatedUuid: string }[], paid: string[]): string[] {
  const credited = tipo === 'E' ? relations.filter((r) => r.tipoRelacion === '01').map((r) => r.relatedUuid) : [];
  return [...new Set([uuid, ...paid, ...credited])];
}

/**
 * Pagos 1.0 has no ImpuestosDR: the paid base and taxes are the related invoice's, in the proportion
 * ImpPagado / Total, converted to MXN. Runs both when the payment arrives (invoice already stored) and when
 * the invoice arrives after its payment (imports come in any order).
 */
async function prorateLegacyPayments(db: Db, userId: number, uuid: string): Promise<void> {
  const factor = sql`(CASE WHEN p.moneda_dr = 'MXN' THEN 1
    ELSE (CASE WHEN p.moneda_p = 'MXN' THEN 1 ELSE p.tipo_cambio_p END) / NULLIF(p.equivalencia_dr, 0) END)`;
  const share = sql`(p.imp_pagado / i.total)`;
  await db.execute(sql`
    UPDATE cfdi_payments p SET
      base_mxn = round((i.subtotal - i.descuento) * ${share} * ${factor}, 6),
      iva_mxn = round(i.iva_trasladado * ${share} * ${factor}, 6),
      isr_retenido_mxn = round(i.isr_retenido * ${share} * ${factor}, 6),
      iva_retenido_mxn = round(i.iva_retenido * ${share} * ${factor}, 6)
    FROM cfdis pc, cfdis i
    WHERE p.user_id = ${userId} AND (p.pago_uuid = ${uuid} OR p.doc_uuid = ${uuid})
      AND pc.user_id = p.user_id AND pc.uuid = p.pago_uuid AND pc.version = '3.3'
      AND i.user_id = p.user_id AND i.uuid = p.doc_uuid AND i.total > 0`);
}

/**
 * Recomputes saldo and fecha_pago of the PPD ingresos among `uuids` from what is in the store:
 * saldo = Total − Σ ImpPagado of vigente payment complements − vigente credit notes (tipo E, relation 01; a
 * note relating several invoices is split evenly among them), never below 0. When it reaches 0 the invoice is
 * paid on the date of the last payment or note. Invoices marked paid by hand, and cancelled ones, are left alone.
 * Call it after any estado change (cancellation) with refreshAfterStateChange.
 */
export async function refreshBalances(db: Db, userId: number, uuids: string[]): Promise<void> {
  if (uuids.length === 0) return;
  const list = sql.join(uuids.map((u) => sql`${u}`), sql`, `);
  // Two payments completing at once each insert their row and then recompute: without this lock (in id order,
  // so no deadlock) the later UPDATE would keep the balance it computed before the other payment committed,
  // losing one ImpPagado. Under READ COMMITTED the next statement's snapshot sees whatever committed meanwhile.
  await db.execute(sql`SELECT id FROM cfdis WHERE user_id = ${userId} AND uuid IN (${list}) AND tipo = 'I' ORDER BY id FOR UPDATE`);
  await db.execute(sql`
    WITH docs AS (
      SELECT id, uuid, total FROM cfdis
      WHERE user_id = ${userId} AND uuid IN (${list}) AND tipo = 'I' AND metodo_pago = 'PPD'
        AND NOT pago_manual AND estado <> 'cancelada'
    ), pays AS (
      SELECT p.doc_uuid, sum(p.imp_pagado) AS amt, max(p.fecha_pago) AS last
      FROM cfdi_payments p
      JOIN cfdis pc ON pc.user_id = p.user_id AND pc.uuid = p.pago_uuid AND pc.estado <> 'cancelada'
      WHERE p.user_id = ${userId} AND p.doc_uuid IN (${list})
      GROUP BY p.doc_uuid
    ), notes AS (
      SELECT r.related_uuid, sum(e.total / n.cnt) AS amt, max(e.fecha) AS last
      FROM cfdi_relations r
      JOIN cfdis e ON e.user_id = r.user_id AND e.uuid = r.uuid AND e.tipo = 'E' AND e.estado <> 'cancelada'
      JOIN LATERAL (SELECT count(*) AS cnt FROM cfdi_relations r2
                    WHERE r2.user_id = r.user_id AND r2.uuid = r.uuid AND r2.tipo_relacion = '01') n ON true
      WHERE r.user_id = ${userId} AND r.tipo_relacion = '01' AND r.related_uuid IN (${list})
      GROUP BY r.related_uuid
    ), calc AS (
      SELECT d.id, greatest(0, round(d.total - coalesce(p.amt, 0) - coalesce(n.amt, 0), 6)) AS saldo,
             greatest(p.last, n.last) AS last
      FROM docs d LEFT JOIN pays p ON p.doc_uuid = d.uuid LEFT JOIN notes n ON n.related_uuid = d.uuid
    )
    UPDATE cfdis c SET
      saldo = calc.saldo,
      fecha_pago = CASE WHEN calc.saldo = 0 THEN calc.last::date ELSE NULL END,
      updated_at = now()
    FROM calc WHERE c.id = calc.id`);
}

/**
 * After a document's estado changed (cancelled, or a cancellation was refused): the balances of the invoices
 * it paid or credited, and its own, are recomputed — cancelling a payment reopens what it paid.
 */
export async function refreshAfterStateChange(db: Db, userId: number, uuid: string): Promise<void> {
  const id = uuid.toUpperCase();
  const paid = await db.select({ doc: cfdiPayments.docUuid }).from(cfdiPayments).where(and(eq(cfdiPayments.userId, userId), eq(cfdiPayments.pagoUuid, id)));
  const rel = await db
    .select({ doc: cfdiRelations.relatedUuid })
    .from(cfdiRelations)
    .where(and(eq(cfdiRelations.userId, userId), eq(cfdiRelations.uuid, id), eq(cfdiRelations.tipoRelacion, '01')));
  await refreshBalances(db, userId, [...new Set([id, ...paid.map((r) => r.doc), ...rel.map((r) => r.doc)])]);
}
