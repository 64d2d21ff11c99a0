import type { StatKey } from '@facturo/contract';
import type { IncomesFilter } from '../api/incomes-api';

/** The stat cards of /incomes (spec §2.7, §4) and the list filter each one applies when clicked. */
export const STAT_CARDS: { key: StatKey; filter: IncomesFilter; color: string }[] = [
  { key: 'ingresos', filter: {}, color: 'blue' },
  { key: 'pagados', filter: { 'status[type]': 'pago', 'status[filter]': 'Pagada' }, color: 'teal' },
  { key: 'pagadosotros', filter: { 'status[type]': 'pago', 'status[filter]': 'Pagada en otro' }, color: 'cyan' },
  { key: 'pagadosdeotros', filter: { 'status[type]': 'pago', 'status[filter]': 'Pagada de otro' }, color: 'grape' },
  { key: 'nopagados', filter: { 'status[type]': 'pago', 'status[filter]': 'No Pagada' }, color: 'orange' },
  { key: 'cancelados', filter: { 'status[type]': 'pago', 'status[filter]': 'Cancelada' }, color: 'red' },
  { key: 'complementos', filter: { 'status[type]': 'query', 'status[filter]': 'Complemento' }, color: 'indigo' },
  { key: 'madres', filter: { 'status[type]': 'query', 'status[filter]': 'Madre' }, color: 'violet' },
  { key: 'cuentaspor', filter: { cuentaspor: true }, color: 'yellow' },
];
