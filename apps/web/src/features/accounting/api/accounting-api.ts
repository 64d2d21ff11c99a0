import { queryOptions } from '@tanstack/react-query';
import { routes, type CuentaInput, type PolizaInput, type Reglas } from '@facturo/contract';
import { call, routeUrl } from '../../../shared/api/call';
import { downloadAuthedFile, downloadAuthedFileWithHeaders } from '../../../shared/api/authed-file';

/** Issue 28: contabilidad electrónica (chart, rules, pólizas, balanza, month close, XML files). */
export const accountingKeys = {
  all: (rfc: string) => ['accounting', rfc] as const,
  cuentas: (rfc: string) => ['accounting', rfc, 'cuentas'] as const,
  reglas: (rfc: string) => ['accounting', rfc, 'reglas'] as const,
  polizas: (rfc: string, anio: number, mes: number) => ['accounting', rfc, 'polizas', anio, mes] as const,
  balanza: (rfc: string, anio: number, mes: number) => ['accounting', rfc, 'balanza', anio, mes] as const,
  periodo: (rfc: string, anio: number, mes: number) => ['accounting', rfc, 'periodo', anio, mes] as const,
  libro: (rfc: string, libro: string, anio: number, mes: number) => ['accounting', rfc, 'libro', libro, anio, mes] as const,
};

export const cuentasQuery = (rfc: string) => queryOptions({
  queryKey: accountingKeys.cuentas(rfc),
  queryFn: ({ signal }) => call(routes['accounting.cuentas'], { signal }),
});
export const reglasQuery = (rfc: string) => queryOptions({
  queryKey: accountingKeys.reglas(rfc),
  queryFn: ({ signal }) => call(routes['accounting.reglas'], { signal }),
});
export const polizasQuery = (rfc: string, anio: number, mes: number) => queryOptions({
  queryKey: accountingKeys.polizas(rfc, anio, mes),
  queryFn: ({ signal }) => call(routes['accounting.polizas'], { query: { anio, mes }, signal }),
});
export const balanzaQuery = (rfc: string, anio: number, mes: number) => queryOptions({
  queryKey: accountingKeys.balanza(rfc, anio, mes),
  queryFn: ({ signal }) => call(routes['accounting.balanza'], { params: { anio, mes }, signal }),
});
export const estadosQuery = (rfc: string, anio: number, mes: number) => queryOptions({
  queryKey: [...accountingKeys.all(rfc), 'estados', anio, mes],
  queryFn: ({ signal }) => call(routes['accounting.estados'], { params: { anio, mes }, signal }),
});
export const periodoQuery = (rfc: string, anio: number, mes: number) => queryOptions({
  queryKey: accountingKeys.periodo(rfc, anio, mes),
  queryFn: ({ signal }) => call(routes['accounting.periodo'], { params: { anio, mes }, signal }),
});

export const createCuenta = (body: CuentaInput) => call(routes['accounting.createCuenta'], { body });
export const updateCuenta = (numero: string, body: { descripcion?: string; activa?: boolean }) =>
  call(routes['accounting.updateCuenta'], { params: { numero }, body });
export const importarCatalogo = (xml: string) => call(routes['accounting.importarCatalogo'], { body: { xml } });
export const saveReglas = (body: Reglas) => call(routes['accounting.saveReglas'], { body });
export const createPoliza = (body: PolizaInput) => call(routes['accounting.createPoliza'], { body });
export const deletePoliza = (id: number) => call(routes['accounting.deletePoliza'], { params: { id } });
export const generar = (anio: number, mes: number) => call(routes['accounting.generar'], { body: { anio, mes } });
export const cerrar = (anio: number, mes: number) => call(routes['accounting.cerrar'], { params: { anio, mes } });
export const reabrir = (anio: number, mes: number, motivo: string) => call(routes['accounting.reabrir'], { params: { anio, mes }, body: { motivo } });

export type XmlTipo = 'catalogo' | 'balanza' | 'polizas' | 'folios' | 'auxiliar';
const SUFIJO: Record<XmlTipo, string> = { catalogo: 'CT', balanza: 'BN', polizas: 'PL', folios: 'XF', auxiliar: 'XC' };

/** Downloads one Anexo 24 file with SAT's name (RFC + año + mes + tipo), as XML or zipped for SAT's portal. */
/** What the server says of the file's e.firma seal (header `x-contabilidad-sello`). */
export type EstadoSello = 'sellado' | 'sin-efirma' | 'no-sellado';
export interface SelloDescarga { sello: EstadoSello; motivo?: string }

export async function downloadXml(rfc: string, tipo: XmlTipo, anio: number, mes: number, query: Record<string, string | undefined> = {}, zip = false): Promise<SelloDescarga> {
  const sufijo = tipo === 'balanza' && query.tipoEnvio === 'C' ? 'BC' : SUFIJO[tipo];
  const entry = zip ? routes['accounting.zip'] : routes['accounting.xml'];
  const headers = await downloadAuthedFileWithHeaders(routeUrl(entry, { tipo, anio, mes }, query), `${rfc}${anio}${String(mes).padStart(2, '0')}${sufijo}.${zip ? 'zip' : 'xml'}`);
  const motivo = headers.get('x-contabilidad-sello-motivo');
  return { sello: (headers.get('x-contabilidad-sello') as EstadoSello | null) ?? 'sin-efirma', ...(motivo ? { motivo: decodeURIComponent(motivo) } : {}) };
}

export type Libro = 'diario' | 'mayor';
export const libroQuery = (rfc: string, libro: Libro, anio: number, mes: number) => queryOptions({
  queryKey: accountingKeys.libro(rfc, libro, anio, mes),
  queryFn: ({ signal }) => call(routes['accounting.libro'], { params: { libro, anio, mes }, signal }),
});

/** Libro diario / mayor as XLSX or CSV. */
export function downloadLibro(rfc: string, libro: Libro, anio: number, mes: number, formato: 'xlsx' | 'csv') {
  return downloadAuthedFile(routeUrl(routes['accounting.libroArchivo'], { libro, anio, mes, formato }), `${rfc}${anio}${String(mes).padStart(2, '0')}-libro-${libro}.${formato}`);
}

/** The balanza de comprobación as PDF. */
export function downloadBalanzaPdf(rfc: string, anio: number, mes: number) {
  return downloadAuthedFile(routeUrl(routes['accounting.balanzaPdf'], { anio, mes }), `${rfc}${anio}${String(mes).padStart(2, '0')}-balanza.pdf`);
}

export type Reporte = 'balance' | 'resultados' | 'diario' | 'mayor';
/** Balance general, estado de resultados, libro diario or mayor as PDF or XLSX; `acumulado`: January to the month. */
export function downloadReporte(rfc: string, reporte: Reporte, anio: number, mes: number, formato: 'pdf' | 'xlsx', acumulado: boolean) {
  const ytd = acumulado && reporte !== 'balance';
  return downloadAuthedFile(
    routeUrl(routes['accounting.reporte'], { reporte, anio, mes }, { formato, acumulado: ytd ? '1' : undefined }),
    `${rfc}${anio}${String(mes).padStart(2, '0')}-${reporte}${ytd ? '-acumulado' : ''}.${formato}`,
  );
}

/** Preview (confirmar false) or import of a previous balanza as the next month's opening balances. */
export const importarSaldos = (body: { xml: string; catalogoXml?: string; mapeo?: Record<string, string>; confirmar?: boolean }) =>
  call(routes['accounting.importarSaldos'], { body });
