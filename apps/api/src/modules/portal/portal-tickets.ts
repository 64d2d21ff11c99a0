import { and, desc, eq } from 'drizzle-orm';
import { computeTotals, TaxRuleError, toDecimal } from '@facturo/cfdi/money';
import { findEntry } from '@facturo/cfdi/catalogs';
import { productServiceExists } from '@facturo/cfdi/catalogs/server';
import type { PortalConcept, PortalSettings, PortalTicket, PortalTicketStatus, portalTicketCreateSchema } from '@facturo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, fieldError, notFound } from '../../http/errors';
import { portalSettings, portalTickets, type PortalTicketRow } from './portal.schema';
import { mexicoToday } from '@facturo/cfdi/model';

/**
 * Tickets of the portal (decision 310): created by hand, by the API (a key reaches it) or by CSV/XLSX import. The
 * concepts pass the invoice concept's schema and the SAT catalogs; the total must be what the engine computes for
 * them (SAT rounding per concept), so the customer's invoice has exactly the total printed on the ticket.
 */

export const DEFAULT_FORMA_PAGO = '01';

/** Today in Mexico City (tickets expire by the calendar the shop lives by). */

/** Last day of the ticket's month ("2026-02-28"). */
export function monthEnd(fecha: string): string {
  const [y, m] = fecha.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** pendiente → facturado (uuid) or vencido (its month is over and the account lets tickets expire). */
export function ticketStatus(row: Pick<PortalTicketRow, 'uuid' | 'fecha'>, expire: boolean, today = mexicoToday()): PortalTicketStatus {
  if (row.uuid) return 'facturado';
  return expire && monthEnd(row.fecha) < today ? 'vencido' : 'pendiente';
}

export function toTicket(row: PortalTicketRow, expire: boolean): PortalTicket {
  return {
    id: row.id, folio: row.folio, fecha: row.fecha, total: toDecimal(row.total).toFixed(2), formaPago: row.formaPago ?? DEFAULT_FORMA_PAGO,
    estado: ticketStatus(row, expire), uuid: row.uuid, global: row.global,
    conceptos: row.conceptos.map((c) => ({ descripcion: c.descripcion, cantidad: c.cantidad, valorUnitario: c.valorUnitario })),
    created_at: row.createdAt.toISOString(),
  };
}

/** The account's settings row, or the defaults before it opened a portal. */
export async function settingsOf(db: Db, userId: number): Promise<PortalSettings> {
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.userId, userId));
  return {
    habilitado: row?.enabled ?? false, slug: row?.slug ?? null, vencenFinDeMes: row?.expireMonthEnd ?? true, enlace: row ? `/f/${row.slug}` : null,
  };
}

/** The concepts' total with the engine's rules; a rule the engine refuses is a 422 naming the concept. */
export function conceptsTotal(conceptos: PortalConcept[]): string {
  try {
    return computeTotals(conceptos, 'MXN').total;
  } catch (err) {
    if (err instanceof TaxRuleError) throw fieldError('conceptos', err.message);
    throw err;
  }
}

/** Field → message of everything wrong in a ticket beyond its schema (catalogs and the total). */
export function ticketProblems(input: z.output<typeof portalTicketCreateSchema>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (input.fecha > mexicoToday()) add('fecha', 'La fecha del ticket no puede ser posterior a hoy');
  if (input.formaPago && (!findEntry('c_FormaPago', input.formaPago) || input.formaPago === '99')) {
    add('formaPago', `La forma de pago ${input.formaPago} no aplica a un ticket pagado; usa una del catálogo c_FormaPago (01 efectivo, 04 tarjeta…)`);
  }
  input.conceptos.forEach((c, i) => {
    if (!productServiceExists(c.claveProdServ)) add(`conceptos.${i}.claveProdServ`, `La clave ${c.claveProdServ} no existe en el catálogo c_ClaveProdServ`);
    if (!findEntry('c_ClaveUnidad', c.claveUnidad)) add(`conceptos.${i}.claveUnidad`, `La clave de unidad ${c.claveUnidad} no existe en el catálogo c_ClaveUnidad`);
    if (!findEntry('c_ObjetoImp', c.objetoImp)) add(`conceptos.${i}.objetoImp`, `El objeto de impuesto ${c.objetoImp} no existe en el catálogo c_ObjetoImp`);
  });
  if (Object.keys(errors).length) return errors;
  let computed: string;
  try {
    computed = computeTotals(input.conceptos, 'MXN').total;
  } catch (err) {
    if (err instanceof TaxRuleError) return { conceptos: [err.message] };
    throw err;
  }
  if (!toDecimal(computed).eq(toDecimal(input.total))) {
    add('total', `El total del ticket (${toDecimal(input.total).toFixed(2)}) no coincide con el de sus conceptos con impuestos (${computed})`);
  }
  return errors;
}

export async function createTicket(db: Db, userId: number, input: z.output<typeof portalTicketCreateSchema>): Promise<PortalTicket> {
  const errors = ticketProblems(input);
  if (Object.keys(errors).length) throw new AppError(422, Object.values(errors)[0]![0]!, errors);
  const settings = await settingsOf(db, userId);
  try {
    const [row] = await db.insert(portalTickets).values({
      userId, folio: input.folio, fecha: input.fecha, total: input.total, formaPago: input.formaPago ?? null, conceptos: input.conceptos,
    }).returning();
    return toTicket(row!, settings.vencenFinDeMes);
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('folio', `Ya registraste un ticket con el folio ${input.folio}`, 409);
    throw err;
  }
}

export async function listTickets(db: Db, userId: number): Promise<{ data: PortalTicket[] }> {
  const settings = await settingsOf(db, userId);
  const rows = await db.select().from(portalTickets).where(eq(portalTickets.userId, userId))
    .orderBy(desc(portalTickets.fecha), desc(portalTickets.id)).limit(1000);
  return { data: rows.map((r) => toTicket(r, settings.vencenFinDeMes)) };
}

/** Only a ticket nobody is invoicing and nobody invoiced may go. */
export async function deleteTicket(db: Db, userId: number, id: number): Promise<{ message: string }> {
  const [row] = await db.select().from(portalTickets).where(and(eq(portalTickets.userId, userId), eq(portalTickets.id, id)));
  if (!row) throw notFound('El ticket no existe');
  if (row.uuid || row.claimKey) throw fieldError('id', 'El ticket ya se facturó (o se está facturando); no se puede eliminar', 409);
  await db.delete(portalTickets).where(and(eq(portalTickets.userId, userId), eq(portalTickets.id, id)));
  return { message: `Ticket ${row.folio} eliminado` };
}
