import { Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_FEATURES as F, type DashboardMonth } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { usePeriod } from '../../../shared/period/period-store';
import { hasFeature, LockedFeature, userPlanQuery } from '../../plans/public';
import { monthQuery, paidQuery, yearQuery } from '../api/dashboard-api';
import { chartPoints, dashboardCards } from '../model/cards';
import { FigureCard } from './figure-card';
import { IvaChart, PaidChart, YearChart } from './month-charts';

const EMPTY: DashboardMonth = {
  ingresosmes: '0', gastosmes: '0', isrmes: '0', ivames: '0', montonoiva: '0', retisr: '0', retivamesIngresos: '0', isrretPel: '0', ivaretPel: '0',
  porcobrar: '0', porpagar: '0', ingresosmesDetalle: [], ivamesDetalle: [], gastosmesDetalle: [], diario: [], impuestos: null,
};

/**
 * The month's figures on the 12-column grid (spec §2.7): six cards, then the paid and IVA charts and the
 * yearly overview. What the plan lacks shows locked (spec §6) and is never requested: the server would
 * answer 403. Each section has its own loader.
 */
export function DashboardFigures() {
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const plan = useQuery({ ...userPlanQuery(rfc), enabled: Boolean(rfc), staleTime: 30_000 });
  const has = (id: number) => Boolean(plan.data && hasFeature(plan.data, id));
  const month = useQuery({ ...monthQuery(rfc, period), enabled: Boolean(rfc) });
  const paid = useQuery({ ...paidQuery(rfc, period), enabled: Boolean(rfc) && has(F.pagadosChart) });
  const year = useQuery({ ...yearQuery(rfc, period), enabled: Boolean(rfc) && has(F.anual) });
  const loadingMonth = month.isPending || plan.isPending;
  const cards = dashboardCards(month.data ?? EMPTY, period);
  const locked = (id: number) => plan.data !== undefined && !has(id);

  return (
    <Grid gap="md" columns={12} data-testid="dashboard-figures">
      {cards.map((card) => (
        <Grid.Col key={card.id} span={{ base: 12, sm: 6, xl: 4 }} data-feature-id={card.featureId}>
          {locked(card.featureId) ? <LockedFeature minHeight={180} /> : <FigureCard card={card} loading={loadingMonth} />}
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, lg: 7 }} data-feature-id={F.pagadosChart}>
        {locked(F.pagadosChart) ? <LockedFeature minHeight={300} /> : <PaidChart points={chartPoints(paid.data?.data ?? [])} loading={paid.isPending} />}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }} data-feature-id={F.ivaChart}>
        {locked(F.ivaChart) ? <LockedFeature minHeight={300} /> : <IvaChart points={chartPoints(month.data?.diario ?? [])} loading={loadingMonth} />}
      </Grid.Col>
      <Grid.Col span={12} data-feature-id={F.anual}>
        {locked(F.anual) ? <LockedFeature minHeight={300} /> : (
          <YearChart loading={year.isPending}
            months={(year.data?.body ?? []).map((m) => ({ mes: m.mes, ingresos: Number(m.ingresos), gastos: Number(m.gastos), iva: Number(m.iva) }))} />
        )}
      </Grid.Col>
    </Grid>
  );
}
