import { DASHBOARD_FEATURES as F, type DashboardMonth, type DetailItem } from '@facturo/contract';

/** One figure of a card: its label and amount (null when the server left it out for the plan). */
export interface CardFigure {
  /** The month-data field; also its label's i18n key (dashboard.figures.<key>). */
  key: string;
  value: string | null;
  /** Where clicking the figure goes. */
  link: string;
}

/** A dashboard card (spec §2.7; titled by dashboard.cards.<id>): its plan feature, headline figures, breakdown and where it leads. */
export interface DashboardCard {
  id: 'ingresos' | 'gastos' | 'impuestos' | 'retenciones' | 'plataformas' | 'cuentas';
  featureId: number;
  figures: CardFigure[];
  detail: DetailItem[];
  link: string;
}

/**
 * The six cards of the month, in the order of spec §2.7 (income, expenses, taxes, withholdings, digital
 * platforms, accounts receivable/payable). Which of them the plan shows is decided by `featureId`.
 */
export function dashboardCards(m: DashboardMonth): DashboardCard[] {
  return [
    { id: 'ingresos', featureId: F.ingresos, link: '/incomes', detail: m.ingresosmesDetalle,
      figures: [{ key: 'ingresosmes', value: m.ingresosmes, link: '/incomes' }] },
    { id: 'gastos', featureId: F.gastos, link: '/outcomes', detail: m.gastosmesDetalle,
      figures: [
        { key: 'gastosmes', value: m.gastosmes, link: '/outcomes' },
        { key: 'montonoiva', value: m.montonoiva, link: '/outcomes' },
      ] },
    { id: 'impuestos', featureId: F.impuestos, link: '/statements', detail: m.ivamesDetalle,
      figures: [
        { key: 'isrmes', value: m.isrmes, link: '/statements' },
        { key: 'ivames', value: m.ivames, link: '/statements' },
      ] },
    { id: 'retenciones', featureId: F.retenciones, link: '/incomes', detail: [],
      figures: [
        { key: 'retisr', value: m.retisr, link: '/incomes' },
        { key: 'retivamesIngresos', value: m.retivamesIngresos, link: '/incomes' },
      ] },
    { id: 'plataformas', featureId: F.plataformas, link: '/retentions/received', detail: [],
      figures: [
        { key: 'isrretPel', value: m.isrretPel, link: '/retentions/received' },
        { key: 'ivaretPel', value: m.ivaretPel, link: '/retentions/received' },
      ] },
    { id: 'cuentas', featureId: F.cuentas, link: '/accounts/per-receive', detail: [],
      figures: [
        { key: 'porcobrar', value: m.porcobrar, link: '/accounts/per-receive' },
        { key: 'porpagar', value: m.porpagar, link: '/accounts/per-pay' },
      ] },
  ];
}

/**
 * Chart points: recharts plots numbers, so the decimal strings become numbers here and only here (the
 * amounts shown as text keep the server's exact strings). Days are labelled by day of month.
 */
export function chartPoints<T extends { fecha: string; ingresos: string; gastos: string; iva: string }>(rows: T[]) {
  return rows.map((r) => ({ dia: Number(r.fecha.slice(8, 10)), ingresos: Number(r.ingresos), gastos: Number(r.gastos), iva: Number(r.iva) }));
}
