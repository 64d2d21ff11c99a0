import { DASHBOARD_FEATURES as F, type DashboardMonth } from '@facturo/contract';

/**
 * Spec §6: each dashboard card is a plan feature. A card the plan lacks is left out of the answer (its
 * figures null, its breakdown empty) rather than only hidden by the web, so no client reads it. The
 * non-IVA expenses are also masked without a paid plan, whatever the features say.
 */
export function maskByPlan(figures: DashboardMonth, has: (featureId: number) => boolean, paidPlan: boolean): DashboardMonth {
  const out = { ...figures };
  if (!has(F.ingresos)) Object.assign(out, { ingresosmes: null, ingresosmesDetalle: [] });
  if (!has(F.gastos)) Object.assign(out, { gastosmes: null, montonoiva: null, gastosmesDetalle: [] });
  if (!has(F.impuestos)) Object.assign(out, { isrmes: null, ivames: null, ivamesDetalle: [], impuestos: null });
  if (!has(F.retenciones)) Object.assign(out, { retisr: null, retivamesIngresos: null });
  if (!has(F.plataformas)) Object.assign(out, { isrretPel: null, ivaretPel: null });
  if (!has(F.cuentas)) Object.assign(out, { porcobrar: null, porpagar: null });
  // The daily series feeds the IVA chart only (feature 69): without it the series does not leave the server.
  if (!has(F.ivaChart)) out.diario = [];
  if (!paidPlan) out.montonoiva = null;
  return out;
}
