import type { OutcomeExtraKey, StatKey } from '@facturo/contract';
import type { OutcomesFilter } from '../api/outcomes-api';

export type OutcomeCardKey = StatKey | OutcomeExtraKey;

/**
 * The stat cards of /outcomes (spec §2.7: deductible and non-deductible, plus accounts payable) and the list
 * filter each applies when clicked. Labels: outcomes.cards.<key>.
 */
export const OUTCOME_CARDS: { key: OutcomeCardKey; filter: OutcomesFilter; color: string }[] = [
  { key: 'ingresos', filter: {}, color: 'blue' },
  { key: 'deducibles', filter: { deductible: '1' }, color: 'teal' },
  { key: 'nodeducibles', filter: { deductible: '0' }, color: 'orange' },
  { key: 'pagados', filter: { 'status[type]': 'pago', 'status[filter]': 'Pagada' }, color: 'green' },
  { key: 'pagadosotros', filter: { 'status[type]': 'pago', 'status[filter]': 'Pagada en otro' }, color: 'cyan' },
  { key: 'pagadosdeotros', filter: { 'status[type]': 'pago', 'status[filter]': 'Pagada de otro' }, color: 'grape' },
  { key: 'nopagados', filter: { 'status[type]': 'pago', 'status[filter]': 'No Pagada' }, color: 'yellow' },
  { key: 'cancelados', filter: { 'status[type]': 'pago', 'status[filter]': 'Cancelada' }, color: 'red' },
  { key: 'complementos', filter: { 'status[type]': 'query', 'status[filter]': 'Complemento' }, color: 'indigo' },
  { key: 'cuentaspor', filter: { cuentaspor: true }, color: 'violet' },
];

/** Plan feature ids of the outcomes product (spec §6, seed 0001): deductible filter, CSV, payable, complement request. */
export const OUTCOMES_FEATURES = { list: 7, deductible: 8, csv: 9, payable: 57, complement: 58 } as const;
