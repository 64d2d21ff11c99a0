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
  /** Taxes card (issue 24 §8): whether the figures are the estimate or the filed declaration, and where it is explained. */
  taxes?: { estado: 'estimado' | 'presentada' | 'sin_tablas'; howLink: string; isrCalculado: boolean };
}

/** The declaration's detail ("¿Cómo se calculó?"): the stored statement when there is one, else the month to compute. */
export function statementLink(m: Pick<DashboardMonth, 'impuestos'>, period: { month: number; year: number }): string {
  const id = m.impuestos?.declaracionId;
  return id ? `/statements?tab=0&statement=${id}` : `/statements?tab=0&month=${period.month}&year=${period.year}`;
}

/**
 * The six cards of the month, in the order of spec §2.7 (income, expenses, taxes, withholdings, digital
 * platforms, accounts receivable/payable). Which of them the plan shows is decided by `featureId`.
 */
export function dashboardCards(m: DashboardMonth, period: { month: number; year: number } = { month: 1, year: 2026 }): DashboardCard[] {
  const how = statementLink(m, period);
  return [
    { id: 'ingresos', featureId: F.ingresos, link: '/incomes', detail: m.ingresosmesDetalle,
      figures: [{ key: 'ingresosmes', value: m.ingresosmes, link: '/incomes' }] },
    { id: 'gastos', featureId: F.gastos, link: '/outcomes', detail: m.gastosmesDetalle,
      figures: [
        { key: 'gastosmes', value: m.gastosmes, link: '/outcomes' },
        { key: 'montonoiva', value: m.montonoiva, link: '/outcomes' },
      ] },
    { id: 'impuestos', featureId: F.impuestos, link: how, detail: m.ivamesDetalle,
      taxes: m.impuestos ? { estado: m.impuestos.estado, howLink: how, isrCalculado: m.impuestos.isrCalculado } : undefined,
      figures: [
        { key: 'isrmes', value: m.isrmes, link: how },
        { key: 'ivames', value: m.ivames, link: how },
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
