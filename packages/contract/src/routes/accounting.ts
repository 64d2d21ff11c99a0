import { messageResponseSchema } from '../auth';
import {
  balanzaSchema, cuentaInputSchema, estadosFinancierosSchema, cuentaParamsSchema, cuentaPatchSchema, cuentaSchema, cuentasSchema, generarResponseSchema,
  periodoBodySchema, periodoEstadoSchema, periodoParamsSchema, polizaIdParamsSchema, polizaInputSchema, polizaSchema, polizasQuerySchema, polizasSchema,
  importarCatalogoBodySchema, importarCatalogoResponseSchema, reabrirBodySchema, reglasSchema, xmlParamsSchema, xmlQuerySchema,
  libroArchivoParamsSchema, libroContableSchema, libroParamsSchema, reporteParamsSchema, reporteQuerySchema,
  importarSaldosBodySchema, importarSaldosResponseSchema,
} from '../accounting';
import { route } from '../route';

/** Plan product 12 "Declaraciones" (decision 319: the books SAT receives sit with the monthly declarations). */
const access = { product: 12 } as const;

/** Issue 28: contabilidad electrónica (Anexo 24). */
export const accountingRoutes = {
  'accounting.cuentas': route({ method: 'GET', path: '/api/contabilidad/cuentas', response: cuentasSchema, access, summary: 'Catálogo de cuentas' }),
  'accounting.createCuenta': route({ method: 'POST', path: '/api/contabilidad/cuentas', body: cuentaInputSchema, status: 201, response: cuentaSchema, access }),
  'accounting.updateCuenta': route({
    method: 'PATCH', path: '/api/contabilidad/cuentas/:numero', params: cuentaParamsSchema, body: cuentaPatchSchema, response: cuentaSchema, access,
    summary: 'Renombra, desactiva o cambia el código agrupador de una cuenta',
  }),
  'accounting.importarCatalogo': route({
    method: 'POST', path: '/api/contabilidad/cuentas/importar', body: importarCatalogoBodySchema, response: importarCatalogoResponseSchema, access,
    summary: 'Importa un catálogo de cuentas ya enviado al SAT (XML 1.3)',
  }),
  'accounting.reglas': route({ method: 'GET', path: '/api/contabilidad/reglas', response: reglasSchema, access }),
  'accounting.saveReglas': route({ method: 'PUT', path: '/api/contabilidad/reglas', body: reglasSchema, response: reglasSchema, access }),
  'accounting.polizas': route({ method: 'GET', path: '/api/contabilidad/polizas', query: polizasQuerySchema, response: polizasSchema, access }),
  'accounting.poliza': route({
    method: 'GET', path: '/api/contabilidad/polizas/:id', params: polizaIdParamsSchema, response: polizaSchema, access,
  }),
  'accounting.createPoliza': route({ method: 'POST', path: '/api/contabilidad/polizas', body: polizaInputSchema, status: 201, response: polizaSchema, access, summary: 'Póliza manual' }),
  'accounting.deletePoliza': route({ method: 'DELETE', path: '/api/contabilidad/polizas/:id', params: polizaIdParamsSchema, response: messageResponseSchema, access }),
  'accounting.generar': route({
    method: 'POST', path: '/api/contabilidad/polizas/generar', body: periodoBodySchema, status: 202, response: generarResponseSchema, access,
    summary: 'Escribe (de nuevo) las pólizas del mes desde los CFDI, pagos y nómina, en segundo plano',
  }),
  'accounting.balanza': route({ method: 'GET', path: '/api/contabilidad/balanza/:anio/:mes', params: periodoParamsSchema, response: balanzaSchema, access }),
  'accounting.estados': route({
    method: 'GET', path: '/api/contabilidad/estados/:anio/:mes', params: periodoParamsSchema, response: estadosFinancierosSchema, access,
    summary: 'Estado de resultados (mes y acumulado) y balance general',
  }),
  'accounting.periodo': route({ method: 'GET', path: '/api/contabilidad/periodos/:anio/:mes', params: periodoParamsSchema, response: periodoEstadoSchema, access }),
  'accounting.cerrar': route({ method: 'POST', path: '/api/contabilidad/periodos/:anio/:mes/cerrar', params: periodoParamsSchema, response: periodoEstadoSchema, access }),
  'accounting.reabrir': route({
    method: 'POST', path: '/api/contabilidad/periodos/:anio/:mes/reabrir', params: periodoParamsSchema, body: reabrirBodySchema, response: periodoEstadoSchema, access,
  }),
  'accounting.zip': route({
    method: 'GET', path: '/api/contabilidad/zip/:tipo/:anio/:mes', params: xmlParamsSchema, query: xmlQuerySchema, produces: 'application/zip', access,
    summary: 'El mismo archivo del Anexo 24 comprimido como lo recibe el portal del SAT (RFC+año+mes+tipo.zip)',
  }),
  'accounting.xml': route({
    method: 'GET', path: '/api/contabilidad/xml/:tipo/:anio/:mes', params: xmlParamsSchema, query: xmlQuerySchema, produces: 'application/xml', access,
    summary: 'Archivo XML del Anexo 24 (1.3): catálogo, balanza, pólizas o auxiliar de folios',
  }),
  'accounting.libro': route({
    method: 'GET', path: '/api/contabilidad/libros/:libro/:anio/:mes', params: libroParamsSchema, response: libroContableSchema, access,
    summary: 'Libro diario o libro mayor del mes',
  }),
  'accounting.libroArchivo': route({
    method: 'GET', path: '/api/contabilidad/libros/:libro/:anio/:mes/:formato', params: libroArchivoParamsSchema,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', access, summary: 'Libro diario o mayor del mes en XLSX o CSV',
  }),
  'accounting.balanzaPdf': route({
    method: 'GET', path: '/api/contabilidad/balanza/:anio/:mes/pdf', params: periodoParamsSchema, produces: 'application/pdf', access,
    summary: 'Balanza de comprobación imprimible',
  }),
  'accounting.importarSaldos': route({
    method: 'POST', path: '/api/contabilidad/saldos-iniciales/importar', body: importarSaldosBodySchema, response: importarSaldosResponseSchema, access,
    summary: 'Vista previa o importación de una balanza de comprobación (XML 1.3) como saldos iniciales del mes siguiente',
  }),
  'accounting.reporte': route({
    method: 'GET', path: '/api/contabilidad/reportes/:reporte/:anio/:mes', params: reporteParamsSchema, query: reporteQuerySchema,
    produces: 'application/pdf', access,
    summary: 'Balance general, estado de resultados, libro diario o mayor del mes (o acumulado del año) en PDF o XLSX',
  }),
};
