import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { UserFiles } from '../profile/file-store';
import { readMultipart } from '../profile/multipart';
import { ACUSE_FIELD, ACUSE_MAX_BYTES, createDiot, diotFileOf, diotHistory, getDiot, paidSuppliers, readAcuse, saveAcuse, submitDiot } from './diot.service';
import { deleteSupplier, listSuppliers, saveSupplier } from './diot-suppliers.service';
import { statementPdf } from './statement-pdf';
import { getSettings, getStatement, listStatements, markFiled, saveSettings, startStatement } from './statements.service';

/** Spec §7.13 statements and DIOT (issue 11); product 12 is checked by the route table's access. */
export const statementsRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  const files = new UserFiles(ctx.config.dataDir);

  serve(app, 'statements.list', (req) => listStatements(db, req.account, req.query));
  serve(app, 'statements.start', (req) => startStatement(db, req.account, req.body.month, req.body.year));
  serve(app, 'statements.settings', (req) => getSettings(db, req.account));
  serve(app, 'statements.saveSettings', (req) => saveSettings(db, req.account, req.body));
  serve(app, 'statements.show', (req) => getStatement(db, req.account, req.params.id));
  serve(app, 'statements.filed', (req) => markFiled(db, req.account, req.params.id, req.body.presentada));
  serve(app, 'statements.pdf', async (req, reply) => {
    const s = await getStatement(db, req.account, req.params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="declaracion-${s.year}-${String(s.month).padStart(2, '0')}.pdf"`).send(await statementPdf(s));
  });

  serve(app, 'diot.create', (req) => createDiot(db, req.account, req.body));
  serve(app, 'diot.suppliers', (req) => listSuppliers(db, req.account, req.query, paidSuppliers));
  serve(app, 'diot.saveSupplier', (req) => saveSupplier(db, req.account, req.body));
  serve(app, 'diot.deleteSupplier', (req) => deleteSupplier(db, req.account, req.params.id));
  serve(app, 'diot.submit', (req) => submitDiot(db, req.account, req.params.folio));
  serve(app, 'diot.history', (req) => diotHistory(db, req.account, req.query.year));
  serve(app, 'diot.show', (req) => getDiot(db, req.account, req.params.folio));
  serve(app, 'diot.file', async (req, reply) => {
    const f = await diotFileOf(db, req.account, req.params.folio);
    return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${f.name}"`).send(f.data);
  });
  serve(app, 'diot.uploadAcuse', async (req) => {
    const form = await readMultipart(req, { maxFileBytes: ACUSE_MAX_BYTES, tooLarge: () => 'El acuse debe pesar como máximo 5 MB' });
    return saveAcuse(db, files, req.account, req.params.folio, form.files[ACUSE_FIELD]?.data);
  });
  serve(app, 'diot.acuse', async (req, reply) => {
    const pdf = await readAcuse(db, files, req.account, req.params.folio);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="acuse-diot-${req.params.folio}.pdf"`).send(pdf);
  });
};
