import { readFixtureText } from '../../test/fixtures';

/** Row as the facts file writes it: [inferior, superior | null, cuota, %]. */
export type FactRow = [string, string | null, string, string];

/** The payroll facts gathered from DOF/SAT/INEGI quotes (fixtures/payroll), read by tests only. */
export interface PayrollFacts {
  isr_art96: Record<'2025' | '2026', Record<'anual' | 'mensual' | 'diaria' | 'semanal' | 'decenal' | 'quincenal', FactRow[]>>;
  subsidio: Record<'2025' | '2026', { pct_uma_mensual: string; threshold_monthly: string; january_transitory: { pct: string } }>;
  uma: Record<'2025' | '2026' | '2024_for_january_2025', { diario: string; mensual: string; anual: string }>;
  salario_minimo: Record<'2025' | '2026', { general: string; zlfn: string }>;
  imss: { ceav_patronal: Record<'2025' | '2026', string[]> & { trabajador: string } };
}

export const facts: PayrollFacts = JSON.parse(readFixtureText('payroll', 'payroll-facts.json'));
