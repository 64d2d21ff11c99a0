import type { Content, TableCell } from 'pdfmake/interfaces';
import type { NominaLine, NominaView, PagosView } from '../view/complement-views';
import { formatMoney } from '../view/format';
import { dataTable, fieldGrid, sectionTitle } from './blocks';
import type { Theme } from './theme';

/** Recepción de pagos 2.0: each payment and the documents it settles (saldo anterior / pagado / insoluto). */
export function pagos(view: PagosView, theme: Theme): Content[] {
  const out: Content[] = [sectionTitle('Complemento de recepción de pagos 2.0', theme)];
  out.push(fieldGrid([['Monto total de pagos', formatMoney(view.montoTotalPagos)], ...view.totales.map(([k, v]): [string, string] => [k, formatMoney(v)])], theme));
  view.pagos.forEach((p, index) => {
    out.push({
      text: `Pago ${index + 1}: ${formatMoney(p.monto)} ${p.moneda}`,
      bold: true,
      margin: [0, 4, 0, 1],
    });
    out.push(
      fieldGrid(
        [
          ['Fecha de pago', p.fechaPago],
          ['Forma de pago', p.formaDePago],
          ['Tipo de cambio', p.tipoCambio],
          ['No. de operación', p.numOperacion],
          ['Cuentas', p.cuentas],
        ],
        theme,
      ),
    );
    out.push(
      dataTable(
        ['Documento relacionado (UUID)', 'Serie-folio', 'Moneda', 'Parcialidad', 'Saldo anterior', 'Importe pagado', 'Saldo insoluto'],
        p.documentos.map((d): TableCell[] => [
          d.idDocumento,
          d.serieFolio,
          d.equivalenciaDR && d.equivalenciaDR !== '1' ? `${d.monedaDR} (eq. ${d.equivalenciaDR})` : d.monedaDR,
          d.numParcialidad,
          formatMoney(d.impSaldoAnt),
          formatMoney(d.impPagado),
          formatMoney(d.impSaldoInsoluto),
        ]),
        [150, 45, 40, 40, '*', '*', '*'],
        theme,
        [3, 4, 5, 6],
      ),
    );
  });
  return out;
}

const lineRows = (lines: NominaLine[], withSplit: boolean): TableCell[][] =>
  lines.map((l) =>
    withSplit
      ? [l.tipo, l.clave, l.concepto, formatMoney(l.gravado), formatMoney(l.exento), formatMoney(l.importe)]
      : [l.tipo, l.clave, l.concepto, formatMoney(l.importe)],
  );

/** Nómina 1.2: period, employee, percepciones, deducciones, otros pagos and the net pay. */
export function nomina(view: NominaView, theme: Theme): Content[] {
  const out: Content[] = [
    sectionTitle('Complemento de nómina 1.2', theme),
    fieldGrid(
      [
        ['Tipo de nómina', view.tipoNomina],
        ['Fecha de pago', view.fechaPago],
        ['Periodo', view.periodo],
        ['Días pagados', view.numDiasPagados],
        ['Registro patronal', view.registroPatronal],
        ...view.empleado,
      ],
      theme,
    ),
  ];
  if (view.percepciones.length > 0) {
    out.push({ text: 'Percepciones', bold: true, margin: [0, 3, 0, 1] });
    out.push(dataTable(['Tipo', 'Clave', 'Concepto', 'Gravado', 'Exento', 'Importe'], lineRows(view.percepciones, true), [110, 40, '*', 55, 55, 60], theme, [3, 4, 5]));
  }
  if (view.deducciones.length > 0) {
    out.push({ text: 'Deducciones', bold: true, margin: [0, 3, 0, 1] });
    out.push(dataTable(['Tipo', 'Clave', 'Concepto', 'Importe'], lineRows(view.deducciones, false), [110, 40, '*', 60], theme, [3]));
  }
  if (view.otrosPagos.length > 0) {
    out.push({ text: 'Otros pagos', bold: true, margin: [0, 3, 0, 1] });
    out.push(dataTable(['Tipo', 'Clave', 'Concepto', 'Importe'], lineRows(view.otrosPagos, false), [110, 40, '*', 60], theme, [3]));
  }
  out.push(
    fieldGrid(
      [
        ['Total percepciones', formatMoney(view.totalPercepciones)],
        ['Total deducciones', formatMoney(view.totalDeducciones)],
        ['Total otros pagos', formatMoney(view.totalOtrosPagos)],
        ['Neto a pagar', formatMoney(view.neto)],
      ],
      theme,
      4,
    ),
  );
  return out;
}
