import ExcelJS from 'exceljs';
import { Decimal } from '@facturo/cfdi/money';
import { textPdf } from '@facturo/cfdi/pdf';
import type { LibroContable } from '@facturo/contract';
import type { Db } from '../../db/client';
import { auxiliarCuentas, getBalanza } from './accounting.service';
import { listPolizas } from './polizas.repository';

/**
 * Libro diario and libro mayor of a month (issue 28 §5) as one table each (screen, CSV, XLSX), and the balanza as a
 * printable PDF. Amounts stay decimal strings here; the XLSX writes them as numbers with two decimals so a
 * spreadsheet sums them (display only, no arithmetic on our side).
 */

const TIPO: Record<string, string> = { ingreso: 'Ingreso', egreso: 'Egreso', diario: 'Diario' };
export const MESES = ['', 'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre', 'cierre del ejercicio (13)'];

export async function libro(db: Db, userId: number, cual: 'diario' | 'mayor', anio: number, mes: number, desde = mes): Promise<LibroContable> {
  if (cual === 'diario') {
    // Months in order (the year to date reads `desde` = 1); each month's pólizas already come in date order.
    const polizas = [];
    for (let m = desde; m <= mes; m++) polizas.push(...await listPolizas(db, userId, anio, m));
    const filas = polizas.flatMap((p) => p.lineas.map((l) => [
      p.fecha, p.numero, TIPO[p.tipo] ?? p.tipo, p.concepto, l.numCta, l.concepto, l.debe, l.haber, (l.comprobantes ?? []).map((c) => c.uuid).join(' '),
    ]));
    return { libro: 'diario', anio, mes, columnas: ['Fecha', 'Póliza', 'Tipo', 'Concepto de la póliza', 'Cuenta', 'Concepto', 'Debe', 'Haber', 'UUID CFDI'], montos: [6, 7], filas };
  }
  const cuentas = await auxiliarCuentas(db, userId, anio, mes, desde);
  const filas: string[][] = [];
  for (const c of cuentas) {
    filas.push(['', '', `${c.numCta} ${c.desCta}`, 'Saldo inicial', '', '', c.saldoIni]);
    let debe = new Decimal(0);
    let haber = new Decimal(0);
    for (const d of c.detalles) {
      debe = debe.plus(d.debe);
      haber = haber.plus(d.haber);
      filas.push([d.fecha, d.numUnIdenPol, c.numCta, d.concepto, d.debe, d.haber, '']);
    }
    filas.push(['', '', c.numCta, desde === mes ? 'Total del mes y saldo final' : 'Total del periodo y saldo final', debe.toFixed(2), haber.toFixed(2), c.saldoFin]);
  }
  return { libro: 'mayor', anio, mes, columnas: ['Fecha', 'Póliza', 'Cuenta', 'Concepto', 'Debe', 'Haber', 'Saldo'], montos: [4, 5, 6], filas };
}

export async function libroArchivo(l: LibroContable, formato: 'xlsx' | 'csv', rfc: string): Promise<{ name: string; type: string; body: Buffer }> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Facturo';
  const ws = wb.addWorksheet(l.libro === 'diario' ? 'Libro diario' : 'Libro mayor', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = l.columnas.map((h, i) => ({ header: h, width: l.montos.includes(i) ? 16 : Math.max(12, h.length + 4) }));
  for (const f of l.filas) {
    const row = ws.addRow(f.map((v, i) => (l.montos.includes(i) && v !== '' && formato === 'xlsx' ? Number(v) : v)));
    for (const i of l.montos) row.getCell(i + 1).numFmt = '#,##0.00';
  }
  ws.getRow(1).font = { bold: true };
  const name = `${rfc}${l.anio}${String(l.mes).padStart(2, '0')}-libro-${l.libro}.${formato}`;
  if (formato === 'csv') return { name, type: 'text/csv; charset=utf-8', body: Buffer.from(await wb.csv.writeBuffer({ formatterOptions: { writeBOM: true } } as never)) };
  return { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Buffer.from(await wb.xlsx.writeBuffer()) };
}

const money = (v: string) => new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The balanza de comprobación as a printable PDF: one line per account, then the totals. */
export async function balanzaPdf(db: Db, account: { id: number; rfc: string }, anio: number, mes: number): Promise<{ name: string; body: Buffer }> {
  const b = await getBalanza(db, account.id, anio, mes);
  const lines = [
    { text: `Balanza de comprobación — ${MESES[mes]} de ${anio}`, bold: true, size: 14 },
    { text: `RFC ${account.rfc}${b.cerrado ? ' · mes cerrado' : ' · mes abierto'}`, size: 9 },
    { text: '' },
    { text: 'Cuenta · Descripción · Saldo inicial · Debe · Haber · Saldo final', bold: true, size: 9 },
    ...b.rows.filter((r) => !(new Decimal(r.saldoInicial).isZero() && new Decimal(r.debe).isZero() && new Decimal(r.haber).isZero() && new Decimal(r.saldoFinal).isZero()))
      .map((r) => ({ text: `${r.numero} · ${r.descripcion} · ${money(r.saldoInicial)} · ${money(r.debe)} · ${money(r.haber)} · ${money(r.saldoFinal)}`, size: 8, bold: r.nivel === 1 })),
    { text: '' },
    { text: `Totales: debe ${money(b.totales.debe)} · haber ${money(b.totales.haber)}`, bold: true },
  ];
  const pdf = await textPdf(lines, `Balanza ${account.rfc} ${anio}-${String(mes).padStart(2, '0')}`);
  return { name: `${account.rfc}${anio}${String(mes).padStart(2, '0')}-balanza.pdf`, body: Buffer.from(pdf) };
}
