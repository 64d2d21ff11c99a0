/**
 * Payroll engine: ISR art. 96 retention with the subsidio para el empleo, IMSS/INFONAVIT
 * contributions, salario diario integrado, and the per-employee preview. Pure and browser-safe.
 */
export { parsePaymentDate, umaYearFor, type PayrollDate } from './dates';
export { PayrollError } from './errors';
export {
  extraordinaryIsr, EXTRAORDINARY_EXEMPT_UMA, EXTRAORDINARY_TIPO_PERCEPCION, type ExtraordinaryIsr, type ExtraordinaryIsrInput, type ExtraordinaryKind,
  type ExtraordinaryMethod,
} from './extraordinary';
export { annualIsr, isrToWithhold, type IsrToWithholdInput, type IsrToWithholdResult } from './isr';
export {
  employerContributions, imssQuotas, sbcAplicadoFor, type EmployerContributions, type ImssConcept, type ImssConceptKey, type ImssQuotas, type ImssQuotasInput,
} from './imss-quotas';
export {
  causesSubsidio, employeePayrollPreview, hasSocialSecurity, type EmployeePayrollPreview, type EmployeePayrollPreviewInput, type PreviewImporte,
  type PreviewPercepcion,
} from './preview';
export { integratedDailySalary, vacationDaysForServiceYear, type IntegratedDailySalary, type IntegratedDailySalaryInput } from './sdi';
export { subsidioForPeriod, type SubsidioInput, type SubsidioPeriodo } from './subsidio-empleo';
export { retentionTariff, scaleDailyTariff, taxFromTariff, type TariffTax } from './tariff';
export * from './tables';
export * from './types';
