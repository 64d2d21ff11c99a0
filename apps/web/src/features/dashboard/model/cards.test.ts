import { describe, expect, it } from 'vitest';
import type { DashboardMonth } from '@facturo/contract';
import { chartPoints, dashboardCards } from './cards';

const month: DashboardMonth = {
  ingresosmes: '14000.00', gastosmes: '2400.00', isrmes: '3200.00', ivames: '2240.00', montonoiva: null, retisr: null, retivamesIngresos: null,
  isrretPel: null, ivaretPel: null, porcobrar: null, porpagar: null, ingresosmesDetalle: [], ivamesDetalle: [], gastosmesDetalle: [], diario: [],
  impuestos: { estado: 'estimado', declaracionId: null, isrCalculado: true },
};

describe('dashboard cards', () => {
  it('lists the six §2.7 cards with the §6 feature ids 62-67, in order', () => {
    expect(dashboardCards(month).map((c) => [c.id, c.featureId])).toEqual([
      ['ingresos', 62], ['gastos', 63], ['impuestos', 64], ['retenciones', 65], ['plataformas', 66], ['cuentas', 67],
    ]);
  });

  it('keeps the server strings and its nulls (what the plan does not show)', () => {
    const [ingresos, gastos] = dashboardCards(month);
    expect(ingresos!.figures[0]!.value).toBe('14000.00');
    expect(gastos!.figures.find((f) => f.key === 'montonoiva')!.value).toBeNull();
  });

  it('each card leads to its list: receivable and payable to their own screens', () => {
    const cuentas = dashboardCards(month).find((c) => c.id === 'cuentas')!;
    expect(cuentas.figures.map((f) => f.link)).toEqual(['/accounts/per-receive', '/accounts/per-pay']);
  });

  it('the taxes card is the declaration\'s estimate and links to its detail (issue 24 §8)', () => {
    const taxes = dashboardCards(month, { month: 11, year: 2026 }).find((c) => c.id === 'impuestos')!;
    expect(taxes.taxes).toEqual({ estado: 'estimado', howLink: '/statements?tab=0&month=11&year=2026', isrCalculado: true });
    const stored = dashboardCards({ ...month, impuestos: { estado: 'presentada', declaracionId: 7, isrCalculado: true } }).find((c) => c.id === 'impuestos')!;
    expect(stored.taxes!.howLink).toBe('/statements?tab=0&statement=7');
    expect(stored.figures.map((f) => f.link)).toEqual(['/statements?tab=0&statement=7', '/statements?tab=0&statement=7']);
  });

  it('turns the daily series into chart points by day of month', () => {
    expect(chartPoints([{ fecha: '2026-03-20', ingresos: '5000.00', gastos: '0.00', iva: '-12.50' }])).toEqual([{ dia: 20, ingresos: 5000, gastos: 0, iva: -12.5 }]);
  });
});
