import { z } from 'zod';

/**
 * Spec §3 "Dashboard month data" and §7.1: the dashboard's month figures on SAT's cash basis
 * (docs/cash-basis.md). Every amount is an MXN decimal string with 2 decimals.
 */
const monthText = z.coerce.number({ message: 'El mes debe ser un número de 1 a 12' }).int().min(1, 'El mes debe ser un número de 1 a 12').max(12, 'El mes debe ser un número de 1 a 12');
const yearText = z.coerce.number({ message: 'El año no es válido' }).int().min(2000, 'El año no es válido').max(2100, 'El año no es válido');

/** The path's {rfc} must be the account's (http/context.ts answers 403 otherwise). */
export const dashboardParamsSchema = z.object({ rfc: z.string().trim().toUpperCase(), month: monthText, year: yearText });

export const detailItemSchema = z.object({ titulo: z.string(), valor: z.string(), tooltip: z.string(), link: z.string() });
export type DetailItem = z.infer<typeof detailItemSchema>;

export const dailyPointSchema = z.object({ fecha: z.string(), ingresos: z.string(), gastos: z.string(), iva: z.string() });
export type DailyPoint = z.infer<typeof dailyPointSchema>;

/**
 * Spec §6: the plan feature (element id) behind each dashboard card and chart. The server leaves a card's
 * figures out (null, empty breakdown) when the plan lacks its feature; the web shows the locked panel there.
 */
export const DASHBOARD_FEATURES = {
  ingresos: 62,
  gastos: 63,
  impuestos: 64,
  retenciones: 65,
  plataformas: 66,
  cuentas: 67,
  pagadosChart: 68,
  ivaChart: 69,
  anual: 70,
} as const;

const figure = z.string().nullable();

export const dashboardMonthSchema = z.object({
  /** Card 62 (ingresos), null without the feature. */
  ingresosmes: figure,
  /** Card 63 (gastos). */
  gastosmes: figure,
  /** Card 64 (impuestos). */
  isrmes: figure,
  ivames: figure,
  /** Card 63; also null without a paid plan (spec §6: masked, with the subscribe prompt). */
  montonoiva: figure,
  /** Card 65 (retenciones). */
  retisr: figure,
  retivamesIngresos: figure,
  /** Card 66 (plataformas digitales). */
  isrretPel: figure,
  ivaretPel: figure,
  /** Card 67 (cuentas por cobrar y por pagar). */
  porcobrar: figure,
  porpagar: figure,
  ingresosmesDetalle: z.array(detailItemSchema),
  ivamesDetalle: z.array(detailItemSchema),
  gastosmesDetalle: z.array(detailItemSchema),
  /**
   * Issue 24 §8: where isrmes / ivames come from. They are the declaration's figures of the month and régimen
   * (ISR a pagar and IVA a cargo, whole pesos): 'estimado' computed now until the month's statement is marked filed,
   * then 'presentada' (its stored figures). declaracionId: the month's stored statement, if any. null without card 64.
   */
  impuestos: z.object({
    estado: z.enum(['estimado', 'presentada', 'sin_tablas']),
    declaracionId: z.number().int().nullable(),
    /** false: the régimen's ISR is not computed (the declaration says why); isrmes is then 0.00. */
    isrCalculado: z.boolean(),
  }).nullable(),
  /** Daily invoicing of the month (collected incomes, paid expenses, net IVA) for the charts. */
  diario: z.array(dailyPointSchema),
});
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

/** getIngresosPDashboardV2: the paid incomes, expenses and IVA of the month by date. */
export const dashboardPaidSchema = z.object({ data: z.array(dailyPointSchema) });

export const yearMonthSchema = z.object({ mes: z.number().int(), ingresos: z.string(), gastos: z.string(), iva: z.string() });
/** getIngresosDashboard: the yearly overview, month by month, and the year's totals. */
export const dashboardYearSchema = z.object({
  body: z.array(yearMonthSchema),
  year: z.object({ ano: z.number().int(), ingresos: z.string(), gastos: z.string(), iva: z.string() }),
});
export type DashboardYear = z.infer<typeof dashboardYearSchema>;

export const monthOptionSchema = z.object({ value: z.number().int(), text: z.string() });
/** dashboardmes: the filter's months, the years with documents, the months available in the year, the year. */
export const dashboardFilterSchema = z.object({
  data: z.object({
    meses: z.array(monthOptionSchema),
    anos: z.array(z.number().int()),
    mesess: z.array(monthOptionSchema),
    ano: z.number().int(),
  }),
});
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

export const MONTH_NAMES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;
