import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { notFound } from '../../http/errors';
import { writeZip } from '../cfdi-import/zip-writer';
import { createCuenta, getReglas, importarCatalogo, listCuentas, saveReglas, updateCuenta } from './chart.service';
import { createManualPoliza, deletePoliza, getBalanza, getEstados, xmlFile } from './accounting.service';
import { startGenerate } from './accounting-generate.job';
import { cerrar, periodo, reabrir } from './periods.service';
import { getPoliza, listPolizas } from './polizas.repository';
import { balanzaPdf, libro, libroArchivo } from './libros.service';
import { reporteArchivo } from './reportes.service';
import { importarSaldos } from './saldos.service';
import { efirmaParaSellar, firmarArchivo, type ArchivoFirmado } from './sello.service';

/** The seal state travels as headers (the body is the file itself): the screen warns when unsigned. */
const selloHeaders = (f: ArchivoFirmado): Record<string, string> => ({
  'x-contabilidad-sello': f.sello,
  ...(f.motivo ? { 'x-contabilidad-sello-motivo': encodeURIComponent(f.motivo) } : {}),
});

/** Issue 28: contabilidad electrónica (entries in the contract's routes/accounting.ts). */
export const accountingRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  serve(app, 'accounting.cuentas', (req) => listCuentas(db, req.account.id));
  serve(app, 'accounting.createCuenta', (req) => createCuenta(db, req.account.id, req.body));
  serve(app, 'accounting.updateCuenta', (req) => updateCuenta(db, req.account.id, req.params.numero, req.body));
  serve(app, 'accounting.importarCatalogo', (req) => importarCatalogo(db, req.account.id, req.body.xml));
  serve(app, 'accounting.reglas', (req) => getReglas(db, req.account.id));
  serve(app, 'accounting.saveReglas', (req) => saveReglas(db, req.account.id, req.body));
  serve(app, 'accounting.polizas', async (req) => {
    const data = await listPolizas(db, req.account.id, req.query.anio, req.query.mes);
    return { data, total: data.length };
  });
  serve(app, 'accounting.poliza', async (req) => (await getPoliza(db, req.account.id, req.params.id)) ?? Promise.reject(notFound('Póliza no encontrada')));
  serve(app, 'accounting.createPoliza', (req) => createManualPoliza(db, req.account.id, req.body));
  serve(app, 'accounting.deletePoliza', (req) => deletePoliza(db, req.account.id, req.params.id));
  serve(app, 'accounting.generar', (req) => startGenerate(ctx, req.account, req.body.anio, req.body.mes));
  serve(app, 'accounting.balanza', (req) => getBalanza(db, req.account.id, req.params.anio, req.params.mes));
  serve(app, 'accounting.estados', (req) => getEstados(db, req.account.id, req.params.anio, req.params.mes));
  serve(app, 'accounting.periodo', (req) => periodo(db, req.account.id, req.params.anio, req.params.mes));
  serve(app, 'accounting.cerrar', (req) => cerrar(db, req.account.id, req.params.anio, req.params.mes));
  serve(app, 'accounting.reabrir', (req) => reabrir(db, req.account.id, req.params.anio, req.params.mes, req.body.motivo));
  // Sealed with the account's e.firma when one is on file (Anexo 24's Sello over the cadena of SAT's XSLT).
  const signed = async (req: { account: { id: number; rfc: string }; params: { tipo: Parameters<typeof xmlFile>[2]; anio: number; mes: number }; query: Parameters<typeof xmlFile>[5] }) =>
    firmarArchivo(await xmlFile(db, req.account, req.params.tipo, req.params.anio, req.params.mes, req.query), await efirmaParaSellar(db, ctx.secrets, req.account.id));
  serve(app, 'accounting.zip', async (req, reply) => {
    // SAT's portal takes each file zipped under the same name; the XML is read whole here (a zip needs its size and CRC).
    const f = await signed(req);
    let data: Buffer;
    if (typeof f.body === 'string') data = Buffer.from(f.body, 'utf8');
    else {
      const chunks: Buffer[] = [];
      for await (const chunk of f.body) chunks.push(Buffer.from(chunk as string, 'utf8'));
      data = Buffer.concat(chunks);
    }
    const zip = writeZip([{ name: f.name, data }]);
    return reply.type('application/zip').headers(selloHeaders(f)).header('content-disposition', `attachment; filename="${f.name.replace(/\.xml$/, '.zip')}"`).send(zip);
  });
  serve(app, 'accounting.libro', (req) => libro(db, req.account.id, req.params.libro, req.params.anio, req.params.mes));
  serve(app, 'accounting.libroArchivo', async (req, reply) => {
    const f = await libroArchivo(await libro(db, req.account.id, req.params.libro, req.params.anio, req.params.mes), req.params.formato, req.account.rfc);
    return reply.type(f.type).header('content-disposition', `attachment; filename="${f.name}"`).send(f.body);
  });
  serve(app, 'accounting.balanzaPdf', async (req, reply) => {
    const f = await balanzaPdf(db, req.account, req.params.anio, req.params.mes);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${f.name}"`).send(f.body);
  });
  serve(app, 'accounting.importarSaldos', (req) => importarSaldos(db, req.account.id, req.body));
  serve(app, 'accounting.reporte', async (req, reply) => {
    const f = await reporteArchivo(db, req.account, req.params.reporte, req.params.anio, req.params.mes, req.query.acumulado === '1', req.query.formato);
    return reply.type(f.type).header('content-disposition', `attachment; filename="${f.name}"`).send(f.body);
  });
  serve(app, 'accounting.xml', async (req, reply) => {
    const f = await signed(req);
    return reply.type('application/xml; charset=utf-8').headers(selloHeaders(f)).header('content-disposition', `attachment; filename="${f.name}"`).send(f.body);
  });
};
