import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { sealCfdi, writeXml } from '@facturo/cfdi';
import type { InvoiceValues } from '@facturo/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { stampAttempts } from '../cfdis/cfdis.schema';
import { loadAccountCsd } from '../invoicing/account-csd';
import { prepareInvoice } from '../invoicing/invoice.service';
import type { InvoicingProviders } from '../invoicing/providers';
import { registerStampStorer, requestHash, stampAttempt, storeStampedCfdi } from '../invoicing/stamping';
import { portalTickets } from './portal.schema';

/**
 * The portal's way through the shared stamping pipeline (decision 310). A ticket is held by the stamping request
 * (`claim_key`) before anything is written, checked again inside the pipeline's claiming transaction, and marked
 * invoiced by the storer of kind 'portal' — inside the very transaction that stores the CFDI. So two requests at
 * once get one stamp and one 409, and a crash mid-PAC call is finished by the recovery job with the ticket marked.
 */

/** A claim older than this with no attempt still 'timbrando' was left by a crash: another request may take it. */
const STALE_CLAIM = sql`now() - interval '10 minutes'`;

registerStampStorer('portal', async (tx, deps, a, accountRfc, xml) => {
  const stored = await storeStampedCfdi(tx, deps, a, accountRfc, xml);
  if (!stored.duplicated && a.idempotencyKey) {
    await tx.update(portalTickets).set({ uuid: stored.uuid, invoicedAt: new Date() })
      .where(and(eq(portalTickets.userId, a.userId), eq(portalTickets.claimKey, a.idempotencyKey), isNull(portalTickets.uuid)));
  }
  return stored;
});

export const alreadyInvoicing = () =>
  new AppError(409, 'Este ticket ya se facturó o se está facturando en este momento', { folio: ['Este ticket ya se facturó o se está facturando'] });

/** Free (or left by a crash) and not invoiced: what a request may claim. */
const claimable = (userId: number) => and(
  eq(portalTickets.userId, userId),
  isNull(portalTickets.uuid),
  or(isNull(portalTickets.claimKey), and(lt(portalTickets.claimedAt, STALE_CLAIM), sql`NOT EXISTS (SELECT 1 FROM ${stampAttempts}
    WHERE ${stampAttempts.userId} = ${userId} AND ${stampAttempts.idempotencyKey} = ${portalTickets.claimKey} AND ${stampAttempts.status} = 'timbrando')`)),
);

/** Holds tickets for one stamping request; answers the ids it got. */
export async function claimTickets(db: Db, userId: number, key: string, where: ReturnType<typeof and>, global = false): Promise<number[]> {
  const got = await db.update(portalTickets).set({ claimKey: key, claimedAt: new Date(), global })
    .where(and(claimable(userId), where)).returning({ id: portalTickets.id });
  return got.map((r) => r.id);
}

/** Lets the tickets go after a failure, unless the PAC may still have stamped (the attempt stays 'timbrando'). */
export async function releaseTickets(db: Db, userId: number, key: string): Promise<void> {
  const [pending] = await db.select({ id: stampAttempts.id }).from(stampAttempts)
    .where(and(eq(stampAttempts.userId, userId), eq(stampAttempts.idempotencyKey, key), eq(stampAttempts.status, 'timbrando')));
  if (pending) return;
  await db.update(portalTickets).set({ claimKey: null, claimedAt: null, global: false })
    .where(and(eq(portalTickets.userId, userId), eq(portalTickets.claimKey, key), isNull(portalTickets.uuid)));
}

export const newClaimKey = (prefix: string) => `${prefix}-${randomUUID()}`;

/**
 * Stamps an invoice body for tickets already claimed with `key`: the account's CSD, the invoicing module's checks
 * (prepareInvoice), then stampAttempt of kind 'portal' (no transaction held across the PAC call). The claiming
 * transaction checks the tickets are still this request's; the storer marks them invoiced.
 */
export async function stampForTickets(
  deps: InvoicingProviders, account: { id: number; rfc: string }, body: InvoiceValues, key: string, ticketCount: number,
): Promise<{ uuid: string; total: string }> {
  const prepared = await prepareInvoice(deps.db, account.id, body, '4.0');
  const credential = await loadAccountCsd(deps.db, deps.secrets, account.id);
  const { response } = await stampAttempt(deps, {
    account,
    kind: 'portal',
    serie: prepared.serie,
    async claim(tx) {
      const mine = await tx.select({ id: portalTickets.id }).from(portalTickets)
        .where(and(eq(portalTickets.userId, account.id), eq(portalTickets.claimKey, key), isNull(portalTickets.uuid))).for('update');
      if (mine.length !== ticketCount) throw alreadyInvoicing();
    },
    seal(folio) {
      prepared.root.attrs.set('Folio', folio ?? '');
      return writeXml(sealCfdi(prepared.root, credential));
    },
    clientId: prepared.client.id,
    observaciones: null,
    idempotency: { key, scope: 'portal', requestHash: requestHash({ key, body }) },
    respond: (doc) => ({ uuid: doc.uuid, total: doc.total }),
    reason: 'timbrado',
  });
  return response;
}
