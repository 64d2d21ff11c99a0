import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { PacError, SealError, sealCfdi, writeXml, type PacPort, type XmlElement } from '@facturo/cfdi';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../../security/secrets';
import type { StoragePort } from '../../providers/storage/local-storage';
import { clientDocuments } from '../clients/clients.schema';
import { storeCfdi } from '../cfdis/cfdi-store';
import { idempotencyKeys, stampAttempts, stampBalances, stampMovements } from '../cfdis/cfdis.schema';
import { users } from '../../db/schema';
import { loadAccountCsd } from './account-csd';
import { isTestRequest, pacFor, type StampAccount } from './test-mode';
import { claimFolio } from './folios';
import { oneClaimAtATime } from './claim-queue';

/** What the stamping pipeline needs from the process (built once in invoicing/providers.ts). */
export interface StampingDeps {
  db: Db;
  storage: StoragePort;
  pac: PacPort;
  /** The sandbox PAC, for test API keys' documents even when `pac` is a real one (decision 307); `pac` when absent. */
  sandboxPac?: PacPort;
  secrets: SecretBox;
}

export interface StampedDocument {
  uuid: string;
  serie: string | null;
  folio: string;
  total: string;
}

export interface StampRequest<R> {
  account: StampAccount;
  /** Serie whose folio the document takes ('' = no serie; its own gap-free counter). */
  serie: string;
  /**
   * The unsigned document with that folio. Called inside the short claiming transaction, so it must be cheap and pure:
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
  /** Runs first in the claiming transaction (payments lock their invoices and build the document here). */
  claim?(tx: Db): Promise<void>;
  /** Filled by `claim`: a payment's ImpPagado per invoice, counted against the saldo while 'timbrando'. */
  reserves?(): Record<string, string> | undefined;
}

export interface StampOutcome<R> {
  response: R;
  /** True when the answer is a replay of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
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

/** Spanish 422 from a PAC refusal (its folio is recorded as no timbrado and the stamp returned); 503 when the PAC could not be reached. */
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

async function storedReplay<R>(db: Db, userId: number, key: string, hash: string, conflict = conflictOtherBody): Promise<StampOutcome<R> | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return undefined;
  if (row.requestHash !== hash) throw conflict();
  if (row.response === null) return undefined;
  return { response: row.response as R, replayed: true };
}

export type StampAttempt = typeof stampAttempts.$inferSelect;

/** What a stamped document's XML becomes in the store, inside the completing transaction (by kind). */
export type StampStorer = (tx: Db, deps: StampingDeps, attempt: StampAttempt, accountRfc: string, xml: string) => Promise<{ id: number; uuid: string; duplicated: boolean }>;

/** CFDI (invoices, payments, credit notes, payroll): the E2 store plus the customer's document link. */
export const storeStampedCfdi: StampStorer = async (tx, deps, a, accountRfc, xml) => {
  const stored = await storeCfdi(tx, deps.storage, {
    userId: a.userId, accountRfc, xml, source: 'app', clientId: a.clientId ?? null, observaciones: a.observaciones ?? null, test: a.test,
  }, { inTransaction: true });
  if (!stored.duplicated && a.clientId) await tx.insert(clientDocuments).values({ userId: a.userId, clientId: a.clientId, uuid: stored.uuid });
  return stored;
};

const storers = new Map<string, StampStorer>([['cfdi', storeStampedCfdi]]);
/** Another kind of document (retentions) tells the pipeline and the recovery job how it is stored. */
export function registerStampStorer(kind: string, storer: StampStorer): void {
  storers.set(kind, storer);
}

/**
 * PAC calls in flight in this process, by attempt: a retry with the same Idempotency-Key (or the recovery
 * job) that meets an attempt still 'timbrando' awaits that call instead of sending the document again.
 */
const inFlight = new Map<string, Promise<FinishedAttempt>>();
const flightKey = (a: { userId: number; id: number }) => `${a.userId}:${a.id}`;

type FinishedAttempt = { attempt: StampAttempt; outcome: 'timbrado' | 'no_timbrado' | 'timbrando'; error?: unknown };

/** Spanish text of a PAC refusal, as recorded on the folio that was never stamped. */
const refusalText = (err: PacError) => err.issues.map((i) => `${i.code}: ${i.message}`).join('; ') || err.message;

/**
 * Sends an attempt's sealed XML to the PAC — outside any transaction — and records the answer in a second
 * short transaction. Sending the same sealed XML again (a retry, the recovery job) is safe: the PAC answers
 * the stored timbre of a document it already stamped (the sandbox and Finkok both do), and only one caller
 * moves the attempt out of 'timbrando' (conditional update), so a document is stored and charged once.
 */
export function sendAttempt(deps: StampingDeps, attempt: StampAttempt, accountRfc: string): Promise<FinishedAttempt> {
  const key = flightKey(attempt);
  const running = inFlight.get(key);
  if (running) return running;
  const work = (async (): Promise<FinishedAttempt> => {
    let stamped;
    try {
      stamped = await pacFor(deps, attempt.test).stamp(attempt.sealedXml, attempt.pacKey ? { idempotencyKey: attempt.pacKey } : {});
    } catch (err) {
      // Not reached or no answer: whether it stamped is unknown, so the attempt stays 'timbrando' for the
      // recovery job (a refusal is an answer: the stamp goes back and the folio is recorded as no timbrado).
      if (err instanceof PacError && err.kind !== 'unavailable') return refuseAttempt(deps, attempt, refusalText(err), err);
      return { attempt, outcome: 'timbrando', error: err };
    }
    return completeAttempt(deps, attempt, accountRfc, stamped.xml, stamped.uuid);
  })();
  inFlight.set(key, work);
  void work.finally(() => inFlight.delete(key)).catch(() => undefined);
  return work;
}

async function currentAttempt(db: Db, a: { userId: number; id: number }): Promise<StampAttempt> {
  const [row] = await db.select().from(stampAttempts).where(and(eq(stampAttempts.userId, a.userId), eq(stampAttempts.id, a.id)));
  return row!;
}

/** The second short transaction on a PAC answer: CFDI stored, attempt 'timbrado', one ledger movement. */
async function completeAttempt(deps: StampingDeps, attempt: StampAttempt, accountRfc: string, xml: string, uuid: string): Promise<FinishedAttempt> {
  const storer = storers.get(attempt.kind);
  if (!storer) throw new Error(`Sin almacén para documentos de tipo ${attempt.kind}`);
  const done = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [mine] = await t.update(stampAttempts).set({ status: 'timbrado', uuid: uuid.toUpperCase(), finishedAt: new Date() })
      .where(and(eq(stampAttempts.userId, attempt.userId), eq(stampAttempts.id, attempt.id), eq(stampAttempts.status, 'timbrando')))
      .returning();
    if (!mine) return undefined; // someone else (a retry, the recovery job) recorded the answer first
    const stored = await storer(t, deps, mine, accountRfc, xml);
    if (stored.duplicated) {
      // The PAC answered a UUID this account already holds for another document: nothing new is stored and
      // the stamp goes back; the folio stays recorded with the reason.
      const reason = `El PAC devolvió el UUID ${uuid}, que ya está registrado; no se timbró de nuevo`;
      await t.update(stampAttempts).set({ status: 'no_timbrado', error: reason, uuid: null }).where(and(eq(stampAttempts.userId, mine.userId), eq(stampAttempts.id, mine.id)));
      await returnStamp(t, mine);
      return { attempt: { ...mine, status: 'no_timbrado', error: reason }, outcome: 'no_timbrado' as const, error: new AppError(409, reason) };
    }
    // A test document took no stamp, so it writes no movement.
    if (!mine.test) await t.insert(stampMovements).values({ userId: mine.userId, delta: -1, reason: mine.reason, reference: stored.uuid });
    return { attempt: mine, outcome: 'timbrado' as const };
  });
  return done ?? settled(deps.db, attempt);
}

/** The stamp taken for a folio that was never stamped goes back; the Idempotency-Key is freed for a corrected retry. */
async function returnStamp(t: Db, a: StampAttempt): Promise<void> {
  if (!a.test) await t.update(stampBalances).set({ balance: sql`${stampBalances.balance} + 1` }).where(eq(stampBalances.userId, a.userId));
  if (a.idempotencyKey) {
    await t.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, a.userId), eq(idempotencyKeys.key, a.idempotencyKey), isNull(idempotencyKeys.response)));
  }
}

/** A PAC refusal: the attempt becomes 'no_timbrado' with the PAC's reason and its stamp goes back. */
async function refuseAttempt(deps: StampingDeps, attempt: StampAttempt, reason: string, err: unknown): Promise<FinishedAttempt> {
  const done = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [mine] = await t.update(stampAttempts).set({ status: 'no_timbrado', error: reason, finishedAt: new Date() })
      .where(and(eq(stampAttempts.userId, attempt.userId), eq(stampAttempts.id, attempt.id), eq(stampAttempts.status, 'timbrando')))
      .returning();
    if (!mine) return undefined;
    await returnStamp(t, mine);
    return { attempt: mine, outcome: 'no_timbrado' as const, error: err };
  });
  return done ?? settled(deps.db, attempt);
}

async function settled(db: Db, attempt: StampAttempt): Promise<FinishedAttempt> {
  const row = await currentAttempt(db, attempt);
  return { attempt: row, outcome: row.status as FinishedAttempt['outcome'] };
}

/** The answer of a finished attempt for its request: the stored CFDI's facts through `respond`. */
async function answerOf<R>(deps: StampingDeps, finished: FinishedAttempt, respond: (doc: StampedDocument) => R, idemKey?: string): Promise<R> {
  const a = finished.attempt;
  if (finished.outcome === 'no_timbrado') {
    const err = finished.error;
    if (err instanceof PacError) throw pacFailure(err);
    if (err instanceof AppError) throw err;
    throw new AppError(422, `El PAC rechazó el comprobante: ${a.error ?? 'sin motivo'}. Corrige el dato indicado y vuelve a timbrar`, { pac: [a.error ?? ''] });
  }
  if (finished.outcome === 'timbrando') {
    throw new AppError(503, 'El PAC no respondió; el comprobante quedó "timbrando" con su folio y se confirmará solo en cuanto el PAC conteste (reintenta con la misma Idempotency-Key para ver el resultado)', {
      pac: [finished.error instanceof Error ? finished.error.message : 'sin respuesta'],
    });
  }
  // Total as the sealed document says it (the column keeps 6 decimals).
  const response = respond({ uuid: a.uuid!, serie: a.serie || null, folio: a.folio ?? '', total: totalOf(a.sealedXml) });
  if (idemKey) {
    await deps.db.update(idempotencyKeys).set({ statusCode: 201, response: response as object })
      .where(and(eq(idempotencyKeys.userId, a.userId), eq(idempotencyKeys.key, idemKey), isNull(idempotencyKeys.response)));
  }
  return response;
}

/** The Comprobante's Total attribute (the first `Total=` of the document is the root's). */
const totalOf = (xml: string) => /\sTotal="([^"]*)"/.exec(xml)?.[1] ?? '0';

/** What a stamping of any kind needs (invoices, payments, credit notes and payroll through stampDocument; retentions directly). */
export interface AttemptRequest<R> {
  account: StampAccount;
  kind: string;
  /** Serie whose folio the document takes; null: the document brings its own (no folio claimed). */
  serie: string | null;
  /** Seals the document with that folio (inside the short claiming transaction: cheap and pure). */
  seal(folio: string | null): string;
  /** Runs first in the claiming transaction: row locks the document needs (payments lock their invoices). */
  claim?(tx: Db): Promise<void>;
  /** Filled by `claim`: amounts a payment takes from each invoice's saldo while it is 'timbrando'. */
  reserves?(): Record<string, string> | undefined;
  clientId?: number | null;
  observaciones?: string | null;
  idempotency?: { key: string; scope: string; requestHash: string };
  /** The key the PAC sees is this prefix plus a digest of the sealed document. */
  pacKeyPrefix?: string;
  respond(doc: StampedDocument): R;
  reason: string;
  conflict?: () => AppError;
}

/**
 * The stamping pipeline of every document (decision 282, after decision 150): CSD loaded first; then
 * 1. ONE SHORT transaction claims the Idempotency-Key, the folio (the serie's row lock lasts only this
 *    transaction) and one stamp, seals, and records the sealed document as 'timbrando' (stamp_attempts); an
 *    account's claims queue in memory first (claim-queue.ts), not on a pooled connection waiting for a row lock;
 * 2. the PAC is called OUTSIDE any transaction — no row lock, no connection held (PGlite has one);
 * 3. a second short transaction stores the CFDI, marks it 'timbrado' and writes the ledger movement and the
 *    replay answer — or, on a refusal, marks the folio 'no_timbrado' with the PAC's reason and returns the stamp.
 * A request that meets its Idempotency-Key claimed by an attempt still 'timbrando' awaits it (same process) or
 * re-sends the same sealed XML (the PAC answers its stored timbre); the recovery job does the same for
 * attempts left by a crash. No PDF is drawn here (decision 260): GET …/pdf draws it on first download.
 */
export async function stampAttempt<R>(deps: StampingDeps, req: AttemptRequest<R>): Promise<StampOutcome<R>> {
  const { db } = deps;
  const userId = req.account.id;
  const idem = req.idempotency;
  const conflict = req.conflict ?? conflictOtherBody;
  const test = isTestRequest(req.account);
  if (idem) {
    const replay = await storedReplay<R>(db, userId, idem.key, idem.requestHash, conflict);
    if (replay) return replay;
  }
  let claimed: StampAttempt | 'joined';
  try {
    claimed = await oneClaimAtATime(userId, () => db.transaction(async (tx): Promise<StampAttempt | 'joined'> => {
      const t = tx as unknown as Db;
      if (idem) {
        const got = await t
          .insert(idempotencyKeys)
          .values({ userId, key: idem.key, scope: idem.scope, requestHash: idem.requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (!got.length) return 'joined';
      }
      if (req.claim) await req.claim(t);
      const folio = req.serie === null ? null : String(await claimFolio(t, userId, req.serie));
      // A test key's document spends no stamp (decision 307): nothing to take, so no "sin timbres" either.
      if (!test) {
        const taken = await t
          .update(stampBalances)
          .set({ balance: sql`${stampBalances.balance} - 1` })
          .where(and(eq(stampBalances.userId, userId), gt(stampBalances.balance, 0)))
          .returning({ balance: stampBalances.balance });
        if (!taken.length) throw noStampsLeft();
      }
      const sealed = req.seal(folio);
      const [row] = await t.insert(stampAttempts).values({
        userId, kind: req.kind, serie: req.serie, folio, status: 'timbrando', idempotencyKey: idem?.key ?? null,
        pacKey: idem ? pacIdempotencyKey(req.pacKeyPrefix ?? `${userId}:${idem.key}`, sealed) : null,
        sealedXml: sealed, clientId: req.clientId ?? null, observaciones: req.observaciones ?? null, reason: req.reason,
        reserves: req.reserves?.() ?? null, test,
      }).returning();
      return row!;
    }));
  } catch (err) {
    if (err instanceof SealError) throw new AppError(422, `No se pudo sellar con tu CSD: ${err.message}`, { csd: [err.message] });
    throw err;
  }

  if (claimed === 'joined') return joinAttempt(deps, req, idem!, conflict);
  const finished = await sendAttempt(deps, claimed, req.account.rfc);
  return { response: await answerOf(deps, finished, req.respond, idem?.key), replayed: false };
}

/**
 * The request's Idempotency-Key is already claimed: its answer if stored; else the attempt that claimed it,
 * awaited (in flight here) or re-sent (left by another process or a crash), and its answer.
 */
async function joinAttempt<R>(deps: StampingDeps, req: AttemptRequest<R>, idem: NonNullable<AttemptRequest<R>['idempotency']>, conflict: () => AppError): Promise<StampOutcome<R>> {
  const userId = req.account.id;
  const replay = await storedReplay<R>(deps.db, userId, idem.key, idem.requestHash, conflict);
  if (replay) return replay;
  const [attempt] = await deps.db.select().from(stampAttempts)
    .where(and(eq(stampAttempts.userId, userId), eq(stampAttempts.idempotencyKey, idem.key)))
    .orderBy(desc(stampAttempts.id)).limit(1);
  if (!attempt) throw new AppError(409, 'Este comprobante ya se está timbrando con la misma Idempotency-Key; consulta el resultado en unos segundos');
  const finished = attempt.status === 'timbrando'
    ? await sendAttempt(deps, attempt, req.account.rfc)
    : { attempt, outcome: attempt.status as FinishedAttempt['outcome'] };
  return { response: await answerOf(deps, finished, req.respond, idem.key), replayed: true };
}

/**
 * Invoices, payment complements, credit notes and payroll receipts: a CFDI sealed with the account's CSD
 * through {@link stampAttempt}.
 */
export async function stampDocument<R>(deps: StampingDeps, req: StampRequest<R>): Promise<StampOutcome<R>> {
  const credential = await loadAccountCsd(deps.db, deps.secrets, req.account.id);
  return stampAttempt<R>(deps, {
    account: req.account,
    kind: 'cfdi',
    serie: req.serie,
    claim: req.claim,
    reserves: req.reserves,
    seal: (folio) => writeXml(sealCfdi(req.build(folio ?? ''), credential)),
    clientId: req.clientId,
    observaciones: req.observaciones,
    idempotency: req.idempotency,
    respond: req.respond,
    reason: req.reason ?? 'timbrado',
  });
}

/** Attempts left 'timbrando' longer than this are a crash's: the recovery job re-sends them. */
export const STALE_ATTEMPT_MS = 120_000;

/**
 * The recovery job's work: every attempt still 'timbrando' after `olderThanMs` (its process died between the
 * two transactions, or the PAC did not answer) is re-sent as the very sealed XML. A document the PAC had
 * stamped comes back with its stored timbre and is stored now (nothing lost, nothing stamped twice); one it
 * never saw is stamped now, or refused (e.g. past SAT's 72 h) and recorded as no timbrado with its stamp
 * returned. Attempts in flight in this process are left to their request.
 */
export async function resolveStaleAttempts(deps: StampingDeps, olderThanMs = STALE_ATTEMPT_MS, limit = 200): Promise<{ timbrado: number; noTimbrado: number; pendiente: number }> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const rows = await deps.db.select().from(stampAttempts)
    .where(and(eq(stampAttempts.status, 'timbrando'), lt(stampAttempts.createdAt, cutoff)))
    .orderBy(asc(stampAttempts.createdAt)).limit(limit);
  const counts = { timbrado: 0, noTimbrado: 0, pendiente: 0 };
  for (const a of rows) {
    if (inFlight.has(flightKey(a))) continue;
    const [user] = await deps.db.select({ rfc: users.rfc }).from(users).where(eq(users.id, a.userId));
    if (!user) continue;
    const done = await sendAttempt(deps, a, user.rfc);
    // A key whose request died keeps no stored answer: its retry builds it from the attempt (joinAttempt).
    if (done.outcome === 'timbrado') counts.timbrado += 1;
    else if (done.outcome === 'no_timbrado') counts.noTimbrado += 1;
    else counts.pendiente += 1;
  }
  return counts;
}
