import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { PacError, SealError, sealCfdi, writeXml, type PacPort, type XmlElement } from '@facturo/cfdi';
import { renderPdf, type PdfTemplate } from '@facturo/cfdi/pdf';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../../security/secrets';
import type { StoragePort } from '../../providers/storage/local-storage';
import { clientDocuments } from '../clients/clients.schema';
import { storeCfdi } from '../cfdis/cfdi-store';
import { folioSeries, idempotencyKeys, stampBalances, stampMovements } from '../cfdis/cfdis.schema';
import { loadAccountCsd } from './account-csd';

/** What the stamping pipeline needs from the process (built once in invoicing/providers.ts). */
export interface StampingDeps {
  db: Db;
  storage: StoragePort;
  pac: PacPort;
  secrets: SecretBox;
}

export interface StampedDocument {
  id: number;
  uuid: string;
  serie: string | null;
  folio: string;
  total: string;
  xml: string;
}

export interface StampRequest<R> {
  account: { id: number; rfc: string };
  /** Serie whose folio the document takes ('' = no serie; its own gap-free counter). */
  serie: string;
  /**
   * The unsigned document with that folio. Called inside the transaction, so it must be cheap and pure:
   * run the expensive checks (validateCfdi) beforehand on a build with any folio.
   */
  build(folio: string): XmlElement;
  clientId?: number | null;
  observaciones?: string | null;
  /** Idempotency-Key header, the route's scope and a hash of the body. */
  idempotency?: { key: string; scope: string; requestHash: string };
  /** The answer stored for replays of the same key. */
  respond(doc: StampedDocument): R;
  /** Stamp-ledger reason (default 'timbrado'). */
  reason?: string;
}

export interface StampOutcome<R> {
  response: R;
  /** True when the answer is a replay of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

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

/** A stable hash of a request body (key order does not matter), to tell a retry from another request. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

const conflictOtherBody = () =>
  new AppError(409, 'La clave Idempotency-Key ya se usó con otra factura; usa una clave nueva para una factura distinta', {
    'idempotency-key': ['La clave ya se usó con otro contenido'],
  });
export const noStampsLeft = () =>
  new AppError(409, 'No tienes timbres disponibles; compra un paquete de timbres para seguir facturando', { timbres: ['Sin timbres disponibles'] });

/** Spanish 422 from a PAC refusal; 503 when the PAC could not be reached. Nothing was written. */
export function pacFailure(err: PacError): AppError {
  const detail = err.issues.map((i) => `${i.code}: ${i.message}`);
  if (err.kind === 'unavailable') {
    return new AppError(503, 'El PAC no respondió; no se timbró nada ni se consumió folio. Inténtalo de nuevo en unos minutos', { pac: detail });
  }
  return new AppError(422, `El PAC rechazó el comprobante: ${detail[0] ?? err.message}. Corrige el dato indicado y vuelve a timbrar`, { pac: detail });
}

/**
 * The key the PAC sees: the request's key and a digest of the very document. The same document sent again
 * (a lost PAC answer) gets the same UUID back; a retry after this process died mid-transaction — the folio
 * and Fecha were rolled back, so the retry seals a different document — is a new stamp instead of a refusal
 * ("la clave ya se usó para timbrar otro comprobante") that would have failed that key forever.
 */
export function pacIdempotencyKey(key: string, xml: string): string {
  return `${key}:${createHash('sha256').update(xml).digest('hex').slice(0, 16)}`;
}

async function storedReplay<R>(db: Db, userId: number, key: string, hash: string): Promise<StampOutcome<R> | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return undefined;
  if (row.requestHash !== hash) throw conflictOtherBody();
  if (row.response === null) return undefined;
  return { response: row.response as R, replayed: true };
}

/**
 * The one stamping pipeline (invoices now; payment complements, credit notes and payroll reuse it):
 * CSD loaded and checked before anything; then ONE transaction that claims the Idempotency-Key, locks the
 * serie's folio row (gap-free: the folio is only advanced when everything else succeeded), takes one stamp
 * from the balance, seals, stamps through the PAC port, stores XML + row (E2's storeCfdi) and the customer's
 * document link, and records the answer for replays. Any failure — PAC refusal included — rolls it all
 * back: no folio consumed, no stamp taken, nothing stored. No PDF is drawn here: GET …/pdf (and the e-mail)
 * renders and stores it the first time it is asked for (documents.service). Drawing it is 15-40 ms of
 * synchronous CPU; done in the request it held the event loop, every other request and, through them, the
 * serie's folio lock (bench:load: p99 757 → 254 ms at 200 req/s without it), and a payroll of hundreds of
 * receipts spent most of its time drawing PDFs nobody had opened yet.
 */
export async function stampDocument<R>(deps: StampingDeps, req: StampRequest<R>): Promise<StampOutcome<R>> {
  const { db } = deps;
  const userId = req.account.id;
  const idem = req.idempotency;
  if (idem) {
    const replay = await storedReplay<R>(db, userId, idem.key, idem.requestHash);
    if (replay) return replay;
  }
  const credential = await loadAccountCsd(db, deps.secrets, userId);

  try {
    return await db.transaction(async (tx): Promise<StampOutcome<R>> => {
      const t = tx as unknown as Db;
      if (idem) {
        // Claims the key; a concurrent request with the same key waits here (PostgreSQL) until the first
        // commits, then finds its answer.
        const claimed = await t
          .insert(idempotencyKeys)
          .values({ userId, key: idem.key, scope: idem.scope, requestHash: idem.requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (!claimed.length) {
          const replay = await storedReplay<R>(t, userId, idem.key, idem.requestHash);
          if (replay) return replay;
          throw new AppError(409, 'Esta factura ya se está timbrando con la misma Idempotency-Key; consulta el resultado en unos segundos');
        }
      }
      const folio = String(await claimFolio(t, userId, req.serie));

      const taken = await t
        .update(stampBalances)
        .set({ balance: sql`${stampBalances.balance} - 1` })
        .where(and(eq(stampBalances.userId, userId), gt(stampBalances.balance, 0)))
        .returning({ balance: stampBalances.balance });
      if (!taken.length) throw noStampsLeft();

      const root = sealCfdi(req.build(folio), credential);
      const sealed = writeXml(root);
      const stamped = await deps.pac.stamp(sealed, idem ? { idempotencyKey: pacIdempotencyKey(`${userId}:${idem.key}`, sealed) } : {});
      const stored = await storeCfdi(t, deps.storage, {
        userId, accountRfc: req.account.rfc, xml: stamped.xml, source: 'app', clientId: req.clientId ?? null, observaciones: req.observaciones ?? null,
      }, { inTransaction: true });
      if (stored.duplicated) throw new AppError(409, `El PAC devolvió el UUID ${stamped.uuid}, que ya está registrado; no se timbró de nuevo`);
      await t.insert(stampMovements).values({ userId, delta: -1, reason: req.reason ?? 'timbrado', reference: stamped.uuid });
      if (req.clientId) await t.insert(clientDocuments).values({ userId, clientId: req.clientId, uuid: stamped.uuid });
      const doc: StampedDocument = {
        id: stored.id, uuid: stamped.uuid, serie: req.serie || null, folio, total: root.attrs.get('Total') ?? '0', xml: stamped.xml,
      };
      const response = req.respond(doc);
      if (idem) {
        await t.update(idempotencyKeys).set({ statusCode: 201, response: response as object })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idem.key)));
      }
      return { response, replayed: false };
    });
  } catch (err) {
    if (err instanceof PacError) throw pacFailure(err);
    if (err instanceof SealError) throw new AppError(422, `No se pudo sellar con tu CSD: ${err.message}`, { csd: [err.message] });
    throw err;
  }
}

/** The PDF bytes of a document with a template and optional logo (previews pass an unsigned root). */
export function renderDocumentPdf(root: XmlElement, template: PdfTemplate, logo?: Uint8Array | string, preview = false): Promise<Uint8Array> {
  return renderPdf(root, { template, logo, preview });
}
