import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { INVOICE_WARNINGS_HEADER, type InvoiceWarning } from '@facturo/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { PDF_TEMPLATES, setUserTemplate, userTemplate } from './templates.service';
import type { JobContext } from '../../jobs/context';
import { AppError, fieldError } from '../../http/errors';
import { serve } from '../../http/serve';
import { idempotencyKeyOf } from '../../http/idempotency-key';
import { listClients } from '../clients/clients.service';
import { listProducts } from '../products/products.service';
import { ExchangeRateUnavailable } from '../../providers/exchange-rates/exchange-rate-port';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import { invoicingProviders } from './providers';
import { nextFolio, previewInvoice, stampInvoice } from './invoice.service';
import { folioHistory } from './folios';
import { documentFileName, documentPdf, documentXml } from './documents.service';
import { clientEmail, sendInvoiceEmail } from './email.service';
import { answerAsReceptor, cancelInvoice, cancelOptions, cancellationAcuse, substitutionCandidates } from './cancel.service';
import { stampBalance } from './stamps.service';
import { paymentsServiceOf } from '../payments/payments.routes';
import { addressByCp, invoicingCatalogs, regimeDetail } from './catalogs.service';

/** Issue 9 / spec §7.4, §7.5, §7.17 (entries in the contract's routes/invoicing.ts). */
export const invoicingRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const deps = invoicingProviders(ctx);
  const { db } = ctx;

  serve(app, 'invoicing.stamp40', (req) => stampInvoice(deps, req.account, req.body, '4.0', idempotencyKeyOf(req)));
  serve(app, 'invoicing.stamp33', (req) => stampInvoice(deps, req.account, req.body, '3.3', idempotencyKeyOf(req)));
  const sendPreview = (reply: FastifyReply, preview: { pdf: Uint8Array; warnings: InvoiceWarning[] }) => {
    // Non-blocking warnings (decision 272) travel in a header: the body is the PDF.
    if (preview.warnings.length) reply.header(INVOICE_WARNINGS_HEADER, encodeURIComponent(JSON.stringify(preview.warnings)));
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="vista-previa.pdf"').send(Buffer.from(preview.pdf));
  };
  serve(app, 'invoicing.preview40', async (req, reply) => sendPreview(reply, await previewInvoice(deps, req.account.id, req.body, '4.0')));
  serve(app, 'invoicing.preview33', async (req, reply) => sendPreview(reply, await previewInvoice(deps, req.account.id, req.body, '3.3')));

  serve(app, 'invoicing.xml', async (req, reply) => {
    const { row, xml } = await documentXml(deps, req.account.id, req.params.uuid);
    return reply.type('application/xml').header('content-disposition', `inline; filename="${documentFileName(row, 'xml')}"`).send(xml);
  });
  serve(app, 'invoicing.pdf', async (req, reply) => {
    const { row, pdf } = await documentPdf(deps, req.account.id, req.params.uuid);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${documentFileName(row, 'pdf')}"`).send(Buffer.from(pdf));
  });

  serve(app, 'invoicing.pdfTemplates', () => ({ data: PDF_TEMPLATES }));
  // The logo printed on the PDF is the profile picture (its URL, or null when there is none).
  const templateAnswer = async (userId: number) => {
    const [u] = await db.select({ img: users.img }).from(users).where(eq(users.id, userId));
    return { pdfTemplateId: await userTemplate(db, userId), logoUrl: u?.img ?? null };
  };
  serve(app, 'invoicing.userTemplate', (req) => templateAnswer(req.account.id));
  serve(app, 'invoicing.setUserTemplate', async (req) => {
    await setUserTemplate(db, req.account.id, req.body.pdfTemplateId);
    return templateAnswer(req.account.id);
  });

  serve(app, 'invoicing.clientEmail', (req) => clientEmail(db, req.account.id, req.query.pIdPago));
  serve(app, 'invoicing.sendEmail', (req) => sendInvoiceEmail(deps, req.account.id, req.body));
  serve(app, 'invoicing.cancelOptions', () => cancelOptions());
  serve(app, 'invoicing.cancel', (req) => cancelInvoice(deps, req.account, req.body));
  serve(app, 'invoicing.cancelAcuse', async (req, reply) => {
    const { uuid, acuse } = await cancellationAcuse(db, req.account.id, req.params.uuid);
    return reply.type('application/xml').header('content-disposition', `attachment; filename="acuse-cancelacion-${uuid}.xml"`).send(acuse);
  });
  if (ctx.config.env === 'test') {
    serve(app, 'dev.pacCancellationAnswer', (req) => answerAsReceptor(deps, req.account.id, req.params.uuid, req.body.respuesta));
  }
  serve(app, 'invoicing.substitution', (req) => substitutionCandidates(db, req.account.id, req.params.month, req.params.year, req.query.sustituye));

  serve(app, 'invoicing.stamps', (req) => stampBalance(db, req.account.id));
  // One purchase path (issue 25 §1): the payments provider charges the card and its signed webhook credits the balance, once.
  serve(app, 'invoicing.buyStamps', (req) => {
    const payments = paymentsServiceOf(db);
    if (!payments) throw new AppError(503, 'El proveedor de pagos no está disponible; no se realizó ningún cargo.');
    return payments.buyStamps(req.account, req.body.paquete, req.body.paymentMethod);
  });

  serve(app, 'invoicing.catalogs', (req) => invoicingCatalogs(db, req.account.id));
  serve(app, 'invoicing.address', (req) => addressByCp(req.params.cp));
  serve(app, 'invoicing.customers', async (req) => ({
    data: (await listClients(db, req.account.id, { page: 1, perPage: req.body.limit, search: req.body.search })).data,
  }));
  serve(app, 'invoicing.products', async (req) => ({
    data: (await listProducts(db, req.account.id, { page: 1, perPage: req.query.limit, search: req.query.search })).data,
  }));
  serve(app, 'invoicing.regime', (req) => regimeDetail(req.params.clave));
  serve(app, 'invoicing.nextFolio', async (req) => ({ serie: req.query.serie, folio: await nextFolio(db, req.account.id, req.query.serie) }));
  serve(app, 'invoicing.folioHistory', async (req) => ({ items: await folioHistory(db, req.account.id, req.query.serie, req.query.estado) }));
  serve(app, 'invoicing.exchangeRate', async (req) => {
    const fecha = req.query.fecha ?? toMexicoCityLocal(new Date()).slice(0, 10);
    try {
      const rate = await deps.rates.rate(req.query.moneda, fecha);
      if (!rate) throw fieldError('moneda', `No hay un tipo de cambio publicado para ${req.query.moneda}; escríbelo a mano`, 404);
      return rate;
    } catch (err) {
      if (err instanceof ExchangeRateUnavailable) throw fieldError('moneda', err.message, 503);
      throw err;
    }
  });
};
