import { Card, Skeleton, Text, Title, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartMoney, MONTH_SHORT } from '../model/chart-format';

// No animation: the figures are what matters, and a half-grown bar in a screenshot or on a slow machine misleads.
const COLORS = { ingresos: '#12b886', gastos: '#fa5252', iva: '#4c6ef5' };

function ChartCard({ title, testId, loading, empty, children }: { title: string; testId: string; loading: boolean; empty: boolean; children: React.ReactElement }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid={testId}>
      <Title order={5} mb="sm">{title}</Title>
      {loading ? <Skeleton h={240} /> : empty ? <Text c="dimmed" size="sm" py="xl" ta="center">{t('dashboard.noData')}</Text> : (
        <ResponsiveContainer width="100%" height={240}>{children}</ResponsiveContainer>
      )}
    </Card>
  );
}

const useAxisColor = () => (useComputedColorScheme('light') === 'dark' ? '#909296' : '#495057');

/** Paid incomes and expenses by day of the month (feature 68). */
export function PaidChart({ points, loading }: { points: { dia: number; ingresos: number; gastos: number }[]; loading: boolean }) {
  const { t } = useTranslation();
  const axis = useAxisColor();
  return (
    <ChartCard title={t('dashboard.charts.paid')} testId="chart-paid" loading={loading} empty={points.length === 0}>
      <BarChart data={points}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="dia" stroke={axis} fontSize={12} />
        <YAxis stroke={axis} fontSize={12} tickFormatter={(v: number) => chartMoney(v, true)} width={70} />
        <Tooltip formatter={(v) => chartMoney(Number(v))} labelFormatter={(d) => t('dashboard.charts.day', { day: d })} />
        <Legend />
        <Bar isAnimationActive={false} dataKey="ingresos" name={t('dashboard.charts.ingresos')} fill={COLORS.ingresos} radius={[3, 3, 0, 0]} />
        <Bar isAnimationActive={false} dataKey="gastos" name={t('dashboard.charts.gastos')} fill={COLORS.gastos} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

/** Net IVA of each day of the month (feature 69). */
export function IvaChart({ points, loading }: { points: { dia: number; iva: number }[]; loading: boolean }) {
  const { t } = useTranslation();
  const axis = useAxisColor();
  return (
    <ChartCard title={t('dashboard.charts.iva')} testId="chart-iva" loading={loading} empty={points.length === 0}>
      <AreaChart data={points}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="dia" stroke={axis} fontSize={12} />
        <YAxis stroke={axis} fontSize={12} tickFormatter={(v: number) => chartMoney(v, true)} width={70} />
        <Tooltip formatter={(v) => chartMoney(Number(v))} labelFormatter={(d) => t('dashboard.charts.day', { day: d })} />
        <Area isAnimationActive={false} type="monotone" dataKey="iva" name={t('dashboard.charts.ivaNeto')} stroke={COLORS.iva} fill={COLORS.iva} fillOpacity={0.2} />
      </AreaChart>
    </ChartCard>
  );
}

/** The year month by month: incomes, expenses and IVA (feature 70). */
export function YearChart({ months, loading }: { months: { mes: number; ingresos: number; gastos: number; iva: number }[]; loading: boolean }) {
  const { t } = useTranslation();
  const axis = useAxisColor();
  const data = months.map((m) => ({ ...m, nombre: MONTH_SHORT[m.mes - 1] }));
  return (
    <ChartCard title={t('dashboard.charts.year')} testId="chart-year" loading={loading} empty={months.every((m) => !m.ingresos && !m.gastos && !m.iva)}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="nombre" stroke={axis} fontSize={12} />
        <YAxis stroke={axis} fontSize={12} tickFormatter={(v: number) => chartMoney(v, true)} width={70} />
        <Tooltip formatter={(v) => chartMoney(Number(v))} />
        <Legend />
        <Bar isAnimationActive={false} dataKey="ingresos" name={t('dashboard.charts.ingresos')} fill={COLORS.ingresos} radius={[3, 3, 0, 0]} />
        <Bar isAnimationActive={false} dataKey="gastos" name={t('dashboard.charts.gastos')} fill={COLORS.gastos} radius={[3, 3, 0, 0]} />
        <Bar isAnimationActive={false} dataKey="iva" name={t('dashboard.charts.ivaNeto')} fill={COLORS.iva} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}
