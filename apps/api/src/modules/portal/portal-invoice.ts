import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { computeTotals, sum, toDecimal } from '@facturo/cfdi/money';
import {
  clientInputSchema, RFC_EXTRANJERO, RFC_PUBLICO_GENERAL, type InvoiceValues, type PortalConcept, type PortalFacturado,
  type portalFacturarSchema, type portalGlobalBodySchema,
} from '@facturo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { clients } from '../clients/clients.schema';
import { checkReceptor } from '../clients/client-rules';
import { createClient, updateClient } from '../clients/clients.service';
import { sendInvoiceEmail } from '../invoicing/email.service';
import type { InvoicingProviders } from '../invoicing/providers';
import { portalTickets } from './portal.schema';
import { downloadToken, provenTicket } from './portal-public';
import { alreadyInvoicing, claimTickets, newClaimKey, releaseTickets, stampForTickets } from './portal-stamp';
import { DEFAULT_FORMA_PAGO, monthEnd, settingsOf } from './portal-tickets';
import { mexicoToday } from '@facturo/cfdi/model';

/** Field names of the customer rules (clients module) → the portal body's. */
const FIELD: Record<string, string> = { regimen: 'regimen', uso_cfdi: 'usoCfdi', 'domicilio.cp': 'cp', rfc: 'rfc', r_social: 'nombre' };

type Facturar = z.output<typeof portalFacturarSchema>;

/** The contract's receptor rules (régimen for the persona, uso for the régimen, CP in the catalog): 422 naming the field. */
function checkCustomer(input: Facturar): void {
  if (input.rfc === RFC_PUBLICO_GENERAL || input.rfc === RFC_EXTRANJERO) {
    throw fieldError('rfc', 'Escribe tu propio RFC: con el RFC genérico no necesitas factura (el ticket entra en la factura global del negocio)');
  }
  const { errors } = checkReceptor({ rfc: input.rfc, regimen: input.regimen, uso_cfdi: input.usoCfdi, cp: input.cp, state: null, municipality: null, pais: null, num_reg_id_trib: null });
  const mapped = Object.fromEntries(Object.entries(errors).map(([k, v]) => [FIELD[k] ?? k, v]));
  if (Object.keys(mapped).length) throw new AppError(422, Object.values(mapped)[0]![0]!, mapped);
}

/** Creates the customer of that RFC or updates it with what they typed now (their e-mail added to the list). */
async function upsertCustomer(db: Db, userId: number, input: Facturar): Promise<number> {
  const [existing] = await db.select().from(clients).where(and(eq(clients.userId, userId), eq(clients.rfc, input.rfc))).limit(1);
  const emails = [...new Set([input.email, ...(existing?.emails ?? [])])].slice(0, 10);
  const parsed = clientInputSchema.safeParse({ rfc: input.rfc, r_social: input.nombre, email: emails, regimen: input.regimen, uso_cfdi: input.usoCfdi, domicilio: { cp: input.cp } });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(FIELD[issue.path.join('.')] ?? String(issue.path[0] ?? 'rfc'), issue.message);
  }
  const remap = (err: unknown): never => {
    if (err instanceof AppError && err.errors) {
      const mapped = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [FIELD[k] ?? k, v]));
      throw new AppError(err.status, err.message, mapped);
    }
    throw err;
  };
  if (existing) return (await updateClient(db, userId, existing.id, parsed.data).catch(remap)).id;
  return (await createClient(db, userId, parsed.data).catch(remap)).id;
}

/** SAT's body of a ticket's invoice: PUE, the ticket's forma de pago (01 by default), its concepts as they are. */
const ticketBody = (clientId: number, usoCFDI: string, formaPago: string, conceptos: PortalConcept[]): InvoiceValues => ({
  clientId, usoCFDI, formaPago, metodoPago: 'PUE', moneda: 'MXN', tipoDeComprobante: 'I', conceptos,
});

/** The business cannot stamp (no stamps, no CSD): the customer gets a plain reason, the owner a notification. */
async function businessCannotStamp(db: Db, userId: number, err: AppError, folio: string): Promise<never> {
  await db.insert(notifications).values({
    userId, title: 'Un cliente no pudo facturar su ticket en tu portal', message: `Ticket ${folio}: ${err.message}`, link: '/portal', urgent: true,
  });
  if (err.errors?.timbres) {
    throw new AppError(409, 'El negocio no tiene timbres disponibles para facturar en este momento; inténtalo más tarde o avísale al negocio', { timbres: ['Sin timbres disponibles'] });
  }
  throw err;
}

/** POST /api/portal/{slug}/facturar: 201 {uuid} for a proven, free ticket; the invoice e-mailed to the customer. */
export async function facturar(deps: InvoicingProviders, secret: string, slug: string, input: Facturar): Promise<PortalFacturado> {
  const { portal, ticket } = await provenTicket(deps.db, slug, input.folio, input.total);
  checkCustomer(input);
  const key = newClaimKey(`portal-${ticket.id}`);
  const claimed = await claimTickets(deps.db, portal.userId, key, eq(portalTickets.id, ticket.id));
  if (!claimed.length) throw alreadyInvoicing();
  let stamped: { uuid: string; total: string };
  try {
    const clientId = await upsertCustomer(deps.db, portal.userId, input);
    stamped = await stampForTickets(deps, { id: portal.userId, rfc: portal.rfc }, ticketBody(clientId, input.usoCfdi, ticket.formaPago ?? DEFAULT_FORMA_PAGO, ticket.conceptos), key, 1);
  } catch (err) {
    await releaseTickets(deps.db, portal.userId, key);
    if (err instanceof AppError && (err.errors?.timbres || err.errors?.csd || err.errors?.emisor)) return businessCannotStamp(deps.db, portal.userId, err, ticket.folio);
    throw err;
  }
  const sent = await sendInvoiceEmail(deps, portal.userId, { pEmail: input.email, pXml: true, pPdf: true, pIdPago: stamped.uuid })
    .catch((err: Error) => ({ rspns: false, msj: err.message }));
  return {
    uuid: stamped.uuid,
    total: toDecimal(stamped.total).toFixed(2),
    xmlUrl: `/api/portal/descarga/${downloadToken(secret, portal.userId, ticket.id, 'xml')}`,
    pdfUrl: `/api/portal/descarga/${downloadToken(secret, portal.userId, ticket.id, 'pdf')}`,
    correo: sent.rspns ? `Te enviamos la factura a ${input.email}` : `No pudimos enviar el correo (${sent.msj}); descárgala aquí`,
  };
}

// ---- the month's global invoice ----

const pad2 = (n: number) => String(n).padStart(2, '0');
const signature = (c: PortalConcept) => JSON.stringify([c.objetoImp, c.traslados ?? [], c.retenciones ?? []]);

/**
 * One concept per ticket (Anexo 20's guide for the factura global: ClaveProdServ 01010101, NoIdentificacion = the
 * ticket's folio, Cantidad 1, ClaveUnidad ACT, ValorUnitario = the ticket's amount before taxes, its taxes). A ticket
 * mixing tax treatments (16 % and 0 %) gives one concept per treatment, each with the ticket's folio.
 */
export function globalConcepts(tickets: { folio: string; conceptos: PortalConcept[] }[]): PortalConcept[] {
  const out: PortalConcept[] = [];
  for (const t of tickets) {
    const groups = new Map<string, PortalConcept[]>();
    for (const c of t.conceptos) groups.set(signature(c), [...(groups.get(signature(c)) ?? []), c]);
    for (const group of groups.values()) {
      const totals = computeTotals(group, 'MXN');
      const net = sum(totals.conceptos.map((c) => toDecimal(c.importe).minus(c.descuento ?? '0')));
      const first = group[0]!;
      out.push({
        claveProdServ: '01010101', noIdentificacion: t.folio, cantidad: '1', claveUnidad: 'ACT', descripcion: 'Venta', valorUnitario: net.toFixed(2),
        objetoImp: first.objetoImp, traslados: first.traslados, retenciones: first.retenciones,
      });
    }
  }
  return out;
}

/** The forma de pago with the most money among the tickets (SAT's guide for a global invoice). */
function mainFormaPago(tickets: { formaPago: string | null; total: string }[]): string {
  const by = new Map<string, ReturnType<typeof toDecimal>>();
  for (const t of tickets) {
    const f = t.formaPago ?? DEFAULT_FORMA_PAGO;
    by.set(f, (by.get(f) ?? toDecimal('0')).plus(t.total));
  }
  return [...by.entries()].sort((a, b) => b[1].comparedTo(a[1]))[0]?.[0] ?? DEFAULT_FORMA_PAGO;
}

/** The account's "PUBLICO EN GENERAL" customer (XAXX010101000, 616, S01), created on first use. */
async function publicCustomer(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(and(eq(clients.userId, userId), eq(clients.rfc, RFC_PUBLICO_GENERAL))).limit(1);
  if (row) return row.id;
  const values = clientInputSchema.parse({ rfc: RFC_PUBLICO_GENERAL, r_social: 'PUBLICO EN GENERAL', email: [], regimen: '616', uso_cfdi: 'S01' });
  return (await createClient(db, userId, values)).id;
}

/** POST /api/portal/factura-global: ONE CFDI 4.0 to público en general with the month's expired tickets. */
export async function globalInvoice(
  deps: InvoicingProviders, account: { id: number; rfc: string }, input: z.output<typeof portalGlobalBodySchema>, now = new Date(),
): Promise<{ uuid: string; tickets: number; total: string }> {
  const from = `${input.anio}-${pad2(input.mes)}-01`;
  const to = monthEnd(from);
  if (to >= mexicoToday(now)) throw fieldError('mes', 'La factura global de un mes se hace cuando el mes terminó (sus tickets aún se pueden facturar)');
  const settings = await settingsOf(deps.db, account.id);
  if (!settings.vencenFinDeMes) {
    throw fieldError('mes', 'Tus tickets no vencen al fin de mes (lo indica la configuración del portal): actívalo para hacer la factura global', 409);
  }
  const key = newClaimKey(`portal-global-${input.anio}-${pad2(input.mes)}`);
  const ids = await claimTickets(deps.db, account.id, key, and(gte(portalTickets.fecha, from), lte(portalTickets.fecha, to)), true);
  if (!ids.length) throw fieldError('mes', `No hay tickets pendientes de ${pad2(input.mes)}/${input.anio} para la factura global`);
  try {
    const tickets = await deps.db.select().from(portalTickets).where(and(eq(portalTickets.userId, account.id), inArray(portalTickets.id, ids)));
    const clientId = await publicCustomer(deps.db, account.id);
    const body: InvoiceValues = {
      ...ticketBody(clientId, 'S01', mainFormaPago(tickets), globalConcepts(tickets)),
      informacionGlobal: { periodicidad: '04', meses: pad2(input.mes), año: String(input.anio) },
    };
    const stamped = await stampForTickets(deps, account, body, key, ids.length);
    return { uuid: stamped.uuid, tickets: ids.length, total: toDecimal(stamped.total).toFixed(2) };
  } catch (err) {
    await releaseTickets(deps.db, account.id, key);
    throw err;
  }
}
