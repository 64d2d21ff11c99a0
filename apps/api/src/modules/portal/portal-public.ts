import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { toDecimal } from '@facturo/cfdi/money';
import { PORTAL_NOT_FOUND, PORTAL_UNKNOWN, type PortalSettings, type portalSettingsBodySchema } from '@facturo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { AppError, fieldError } from '../../http/errors';
import { clients } from '../clients/clients.schema';
import { portalSettings, portalTickets, type PortalTicketRow } from './portal.schema';
import { settingsOf, ticketStatus } from './portal-tickets';

/**
 * The portal's settings and what its public page may see (decision 310). Every "not there" of the public side —
 * unknown slug, disabled portal, unknown folio, wrong total — is the same 404 body, so a caller learns nothing by
 * probing folios or slugs; a valid folio+total is the only key to a ticket and to the prefill of an RFC.
 */

export async function updateSettings(db: Db, userId: number, input: z.output<typeof portalSettingsBodySchema>): Promise<PortalSettings> {
  try {
    await db.insert(portalSettings).values({ userId, slug: input.slug, enabled: input.habilitado, expireMonthEnd: input.vencenFinDeMes })
      .onConflictDoUpdate({
        target: portalSettings.userId,
        set: { slug: input.slug, enabled: input.habilitado, expireMonthEnd: input.vencenFinDeMes, updatedAt: new Date() },
      });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('slug', `La dirección «${input.slug}» ya la usa otro portal; elige otra`, 409);
    throw err;
  }
  return settingsOf(db, userId);
}

export interface OpenPortal {
  userId: number;
  rfc: string;
  nombre: string;
  expire: boolean;
}

const unknownPortal = () => new AppError(404, PORTAL_UNKNOWN);
export const ticketNotFound = () => new AppError(404, PORTAL_NOT_FOUND);

/** The enabled portal of a slug; `missing` is the 404 the caller answers (the same for unknown and disabled). */
export async function openPortal(db: Db, slug: string, missing: () => AppError = unknownPortal): Promise<OpenPortal> {
  const [row] = await db.select({ userId: portalSettings.userId, enabled: portalSettings.enabled, expire: portalSettings.expireMonthEnd, rfc: users.rfc, nombre: users.fullName })
    .from(portalSettings).innerJoin(users, eq(users.id, portalSettings.userId)).where(eq(portalSettings.slug, slug));
  if (!row || !row.enabled) throw missing();
  return { userId: row.userId, rfc: row.rfc, nombre: row.nombre ?? row.rfc, expire: row.expire };
}

/**
 * The ticket whose folio and total both match (the total compared as a decimal: "116", "116.0" and "116.00" are the
 * same amount). Unknown portal, folio or total: one 404. Already invoiced: 409. Expired: 409 with its reason.
 */
export async function provenTicket(db: Db, slug: string, folio: string, total: string): Promise<{ portal: OpenPortal; ticket: PortalTicketRow }> {
  const portal = await openPortal(db, slug, ticketNotFound);
  const [ticket] = await db.select().from(portalTickets).where(and(eq(portalTickets.userId, portal.userId), eq(portalTickets.folio, folio)));
  if (!ticket || !toDecimal(ticket.total).eq(toDecimal(total))) throw ticketNotFound();
  const status = ticketStatus(ticket, portal.expire);
  if (status === 'facturado') throw fieldError('folio', 'Este ticket ya se facturó; si no recibiste tu factura, pídela al negocio', 409);
  if (status === 'vencido') throw fieldError('folio', 'Este ticket venció al terminar su mes y ya se incluyó (o se incluirá) en la factura global del negocio', 409);
  return { portal, ticket };
}

/** Saved fiscal data of that exact RFC among the account's customers (never its e-mail, never another RFC). */
export async function receptorPrefill(db: Db, userId: number, rfc: string) {
  const [row] = await db.select({ nombre: clients.rSocial, cp: clients.cp, regimen: clients.regimen, usoCfdi: clients.usoCfdi })
    .from(clients).where(and(eq(clients.userId, userId), eq(clients.rfc, rfc))).limit(1);
  return row ?? { nombre: null, cp: null, regimen: null, usoCfdi: null };
}

// ---- signed download links ----

/** A day: long enough to download on another device, short enough that a forwarded link dies. */
const LINK_TTL_S = 24 * 3600;
const sign = (secret: string, payload: string) => createHmac('sha256', `portal-descarga:${secret}`).update(payload).digest('base64url');

/** `<userId>.<ticketId>.<expires>.<format>.<hmac>`: names one ticket's invoice in one format until it expires. */
export function downloadToken(secret: string, userId: number, ticketId: number, format: 'xml' | 'pdf', now = Date.now()): string {
  const payload = `${userId}.${ticketId}.${Math.floor(now / 1000) + LINK_TTL_S}.${format}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function readDownloadToken(secret: string, token: string, now = Date.now()): { userId: number; ticketId: number; format: 'xml' | 'pdf' } {
  const expired = () => new AppError(404, 'El enlace de descarga no es válido o ya venció; vuelve a consultar tu ticket en el portal');
  const m = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.(xml|pdf)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw expired();
  const payload = `${m[1]}.${m[2]}.${m[3]}.${m[4]}`;
  const want = Buffer.from(sign(secret, payload));
  const got = Buffer.from(m[5]!);
  if (want.length !== got.length || !timingSafeEqual(want, got) || Number(m[3]) * 1000 < now) throw expired();
  return { userId: Number(m[1]), ticketId: Number(m[2]), format: m[4] as 'xml' | 'pdf' };
}

/** The invoice UUID a valid token names (the ticket must still be invoiced). */
export async function invoicedTicket(db: Db, userId: number, ticketId: number): Promise<string> {
  const [row] = await db.select({ uuid: portalTickets.uuid }).from(portalTickets).where(and(eq(portalTickets.userId, userId), eq(portalTickets.id, ticketId)));
  if (!row?.uuid) throw new AppError(404, 'El enlace de descarga no es válido o ya venció; vuelve a consultar tu ticket en el portal');
  return row.uuid;
}
