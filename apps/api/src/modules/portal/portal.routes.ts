import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { notFound } from '../../http/errors';
import { routeLimit } from '../../http/route-limit';
import { invoicingProviders } from '../invoicing/providers';
import { documentFileName, documentPdf, documentXml } from '../invoicing/documents.service';
import { readAvatar } from '../profile/avatar';
import { createTicket, deleteTicket, listTickets, settingsOf } from './portal-tickets';
import { invoicedTicket, openPortal, provenTicket, readDownloadToken, receptorPrefill, updateSettings } from './portal-public';
import { facturar, globalInvoice } from './portal-invoice';
import { importTickets } from './portal-import';
import { constanciaPrefill } from './portal-constancia';

/** Issue 29 §6 (decision 310): the self-invoicing portal (entries in the contract's routes/portal.ts). */
export const portalRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const deps = invoicingProviders(ctx);
  const db = ctx.db;
  // The public entries, per IP and stricter than the app's general limit: guessing folio+total pairs is slow.
  const limited = routeLimit(app, 'portal', ctx.config.portalRateLimitPerMinute);

  serve(app, 'portal.settings', (req) => settingsOf(db, req.account.id));
  serve(app, 'portal.update', (req) => updateSettings(db, req.account.id, req.body));
  serve(app, 'portal.tickets', (req) => listTickets(db, req.account.id));
  serve(app, 'portal.ticketCreate', (req) => createTicket(db, req.account.id, req.body));
  serve(app, 'portal.ticketImport', (req) => importTickets(db, req.account.id, req, req.query.confirmar === '1' || req.query.confirmar === 'true'));
  serve(app, 'portal.ticketDelete', (req) => deleteTicket(db, req.account.id, req.params.id));
  serve(app, 'portal.global', (req) => globalInvoice(deps, req.account, req.body));

  serve(app, 'portal.public', async (req) => {
    const portal = await openPortal(db, req.params.slug);
    const logo = await readAvatar(db, deps.files, portal.userId).then((a) => /^image\/(png|jpeg|webp|gif)$/.test(a.type), () => false);
    return { nombre: portal.nombre, logo };
  }, limited);
  serve(app, 'portal.logo', async (req, reply) => {
    const portal = await openPortal(db, req.params.slug);
    const avatar = await readAvatar(db, deps.files, portal.userId).catch(() => undefined);
    if (!avatar || !/^image\/(png|jpeg|webp|gif)$/.test(avatar.type)) throw notFound('El portal no tiene logotipo');
    return reply.type(avatar.type).header('cache-control', 'public, max-age=3600').send(avatar.data);
  }, limited);
  serve(app, 'portal.ticket', async (req) => {
    const { ticket } = await provenTicket(db, req.params.slug, req.body.folio, req.body.total);
    return {
      folio: ticket.folio, fecha: ticket.fecha, total: ticket.total.replace(/(\.\d{2})\d*$/, '$1'),
      conceptos: ticket.conceptos.map((c) => ({ descripcion: c.descripcion, cantidad: c.cantidad })),
    };
  }, limited);
  serve(app, 'portal.receptor', async (req) => {
    const { portal } = await provenTicket(db, req.params.slug, req.body.folio, req.body.total);
    return receptorPrefill(db, portal.userId, req.body.rfc);
  }, limited);
  serve(app, 'portal.constancia', (req) => constanciaPrefill(db, req, req.params.slug), limited);
  serve(app, 'portal.facturar', (req) => facturar(deps, ctx.config.appSecret, req.params.slug, req.body), limited);
  serve(app, 'portal.download', async (req, reply) => {
    const token = readDownloadToken(ctx.config.appSecret, req.params.token);
    const uuid = await invoicedTicket(db, token.userId, token.ticketId);
    if (token.format === 'xml') {
      const { row, xml } = await documentXml(deps, token.userId, uuid);
      return reply.type('application/xml').header('content-disposition', `attachment; filename="${documentFileName(row, 'xml')}"`).send(xml);
    }
    const { row, pdf } = await documentPdf(deps, token.userId, uuid);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${documentFileName(row, 'pdf')}"`).send(Buffer.from(pdf));
  }, limited);
};

