import ExcelJS from 'exceljs';
import { Decimal } from '@facturo/cfdi/money';
import { tablaPdf, type TablaReporte } from '@facturo/cfdi/pdf';
import type { EstadosFinancieros } from '@facturo/contract';
import type { Db } from '../../db/client';
import { getEstados } from './accounting.service';
import { libro, MESES } from './libros.service';
import { isClosed } from './periods.service';
import { fieldError } from '../../http/errors';

/** Rows a PDF report may have (see reporteArchivo). */
export const MAX_FILAS_PDF = 10_000;

/**
 * Issue 28 §5: balance general, estado de resultados, libro diario and mayor as PDF or XLSX, per month or from
 * January to the month. Each report is first one table (`TablaReporte`) built from the same figures the screen
 * shows (`/estados`, `/libros`); the PDF and the XLSX only draw that table, so both files carry the same rows.
 */
export type Reporte = 'balance' | 'resultados' | 'diario' | 'mayor';

const TITULO: Record<Reporte, string> = { balance: 'Balance general', resultados: 'Estado de resultados', diario: 'Libro diario', mayor: 'Libro mayor' };
const SECCION: Record<string, string> = { ingresos: 'Ingresos', costos: 'Costos', gastos: 'Gastos', financieros: 'Resultado integral de financiamiento' };

function periodoTexto(anio: number, mes: number, acumulado: boolean): string {
  if (!acumulado || mes === 1) return `${MESES[mes]} de ${anio}`;
  return `enero a ${MESES[mes]} de ${anio} (acumulado)`;
}

function resultados(e: EstadosFinancieros, acumulado: boolean): Pick<TablaReporte, 'columnas' | 'montos' | 'filas' | 'negritas'> {
  const k = acumulado ? 'acumulado' : 'mes';
  const filas: string[][] = [];
  const negritas: number[] = [];
  for (const s of e.resultados.secciones) {
    if (!s.renglones.length) continue;
    negritas.push(filas.length);
    filas.push(['', SECCION[s.clave] ?? s.clave, s[k]]);
    for (const r of s.renglones) filas.push([r.numero, r.descripcion, r[k]]);
  }
  negritas.push(filas.length);
  filas.push(['', 'Utilidad (pérdida)', acumulado ? e.resultados.utilidadAcumulada : e.resultados.utilidadMes]);
  return { columnas: ['Cuenta', 'Descripción', acumulado ? 'Acumulado del año' : 'Del mes'], montos: [2], filas, negritas };
}

function balance(e: EstadosFinancieros): Pick<TablaReporte, 'columnas' | 'montos' | 'filas' | 'negritas'> {
  const b = e.balance;
  const filas: string[][] = [];
  const negritas: number[] = [];
  const grupo = (titulo: string, g: EstadosFinancieros['balance']['activo']) => {
    for (const r of g.renglones) filas.push([r.numero, r.descripcion, r.saldo]);
    negritas.push(filas.length);
    filas.push(['', `Total ${titulo}`, g.total]);
  };
  grupo('activo', b.activo);
  grupo('pasivo', b.pasivo);
  grupo('capital', b.capital);
  filas.push(['', 'Resultado del ejercicio', b.resultadoEjercicio]);
  negritas.push(filas.length);
  filas.push(['', 'Total pasivo, capital y resultado', new Decimal(b.pasivo.total).plus(b.capital.total).plus(b.resultadoEjercicio).toFixed(2)]);
  if (!new Decimal(b.diferencia).isZero()) filas.push(['', 'Diferencia (revisa las pólizas)', b.diferencia]);
  return { columnas: ['Cuenta', 'Descripción', 'Saldo'], montos: [2], filas, negritas };
}

/** The report as one table: title, the period, whether the month is closed, and its rows. */
export async function tablaReporte(db: Db, account: { id: number; rfc: string }, reporte: Reporte, anio: number, mes: number, acumulado: boolean): Promise<TablaReporte> {
  // The balance general is a position at the month's end: "accumulated" changes nothing in it.
  const ytd = acumulado && reporte !== 'balance';
  const cerrado = await isClosed(db, account.id, anio, mes);
  const subtitulos = [`RFC ${account.rfc}`, `${reporte === 'balance' ? 'Al cierre de' : 'Periodo:'} ${periodoTexto(anio, mes, ytd)}${cerrado ? ' · mes cerrado' : ' · mes abierto'}`];
  let tabla: Pick<TablaReporte, 'columnas' | 'montos' | 'filas' | 'negritas'>;
  if (reporte === 'diario' || reporte === 'mayor') {
    const l = await libro(db, account.id, reporte, anio, mes, ytd ? 1 : mes);
    tabla = { columnas: l.columnas, montos: l.montos, filas: l.filas };
  } else {
    const e = await getEstados(db, account.id, anio, mes);
    tabla = reporte === 'balance' ? balance(e) : resultados(e, ytd);
  }
  return { titulo: TITULO[reporte], subtitulos, ...tabla };
}

export function nombreReporte(rfc: string, reporte: Reporte, anio: number, mes: number, acumulado: boolean, formato: 'pdf' | 'xlsx'): string {
  const ytd = acumulado && reporte !== 'balance' ? '-acumulado' : '';
  return `${rfc}${anio}${String(mes).padStart(2, '0')}-${reporte}${ytd}.${formato}`;
}

/**
 * The XLSX: title and period on rows 1–2, column headers on row 4, then the rows; amounts are numeric cells with
 * two decimals (the decimal string is exact to the cent, so the number a spreadsheet holds is that figure).
 */
export async function reporteXlsx(t: TablaReporte): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Facturo';
  const ws = wb.addWorksheet(t.titulo, { views: [{ state: 'frozen', ySplit: 4 }] });
  ws.getCell('A1').value = t.titulo;
  ws.getCell('A1').font = { bold: true, size: 14 };
  ws.getCell('A2').value = t.subtitulos.join(' · ');
  const header = ws.getRow(4);
  t.columnas.forEach((c, i) => { header.getCell(i + 1).value = c; });
  header.font = { bold: true };
  const bold = new Set(t.negritas ?? []);
  t.filas.forEach((f, r) => {
    const row = ws.getRow(5 + r);
    f.forEach((v, i) => {
      const cell = row.getCell(i + 1);
      if (t.montos.includes(i) && v !== '') {
        cell.value = Number(v);
        cell.numFmt = '#,##0.00';
      } else cell.value = v;
    });
    if (bold.has(r)) row.font = { bold: true };
  });
  t.columnas.forEach((c, i) => { ws.getColumn(i + 1).width = t.montos.includes(i) ? 16 : Math.max(12, Math.min(48, c.length + 6)); });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function reporteArchivo(db: Db, account: { id: number; rfc: string }, reporte: Reporte, anio: number, mes: number, acumulado: boolean, formato: 'pdf' | 'xlsx'): Promise<{ name: string; type: string; body: Buffer }> {
  const t = await tablaReporte(db, account, reporte, anio, mes, acumulado);
  const name = nombreReporte(account.rfc, reporte, anio, mes, acumulado, formato);
  if (formato === 'pdf') {
    // pdfmake lays a table out on the request's thread (~1 s per 1,000 rows on the reference machine): a book of a busy
    // month or year goes to the spreadsheet instead of holding the server.
    if (t.filas.length > MAX_FILAS_PDF) {
      throw fieldError('formato', `El reporte tiene ${t.filas.length.toLocaleString('es-MX')} renglones: descárgalo en XLSX (el PDF admite hasta ${MAX_FILAS_PDF.toLocaleString('es-MX')})`);
    }
    return { name, type: 'application/pdf', body: Buffer.from(await tablaPdf(t)) };
  }
  return { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: await reporteXlsx(t) };
}
