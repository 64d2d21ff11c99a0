import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Card, Group, List, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECURRENCY, type PlansData } from '@facturo/contract';
import { formatMoney } from '@facturo/cfdi/money';
import { useSession } from '../../../shared/session/session-store';
import { userPlanQuery } from '../api/get-user-plan';
import { formatDate } from '../../../shared/format/dates';
import { CancelSubscriptionButton, SubscribePanel } from '../../payments/public';

type Plan = PlansData['plans'][number];

// Below the cards and fetched on its own: loaded after the cards (e2e/code-split.spec.ts budgets).
const PlanComparison = lazy(() => import('../components/plan-comparison').then((m) => ({ default: m.PlanComparison })));

function PlanCard({ plan, recurrency, current, scheduled }: { plan: Plan; recurrency: number; current: boolean; scheduled: boolean }) {
  const { t } = useTranslation();
  const yearly = recurrency === RECURRENCY.yearly;
  const cost = yearly ? plan.yearly.yearly_cost : plan.monthly.monthly_cost;
  return (
    <Card withBorder radius="lg" padding="lg" shadow={current ? 'md' : 'xs'} style={current ? { borderColor: 'var(--mantine-color-indigo-5)' } : undefined} data-testid="plan-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{plan.name}</Title>
          {current && <Badge>{t('plans.current')}</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          {plan.description}
        </Text>
        <Group gap={4} align="baseline">
          <Text fz={32} fw={800}>
            {plan.is_free ? t('plans.free') : formatMoney(cost)}
          </Text>
          {!plan.is_free && <Text c="dimmed">{yearly ? t('plans.perYear') : t('plans.perMonth')}</Text>}
        </Group>
        <Text fw={600} size="sm">
          {t('plans.includes')}
        </Text>
        <List spacing={4} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" />}>
          {plan.products.map((p) => (
            <List.Item key={p.id}>{p.name}</List.Item>
          ))}
        </List>
        {!plan.is_free && !current && (
          <SubscribePanel
            priceId={recurrency === RECURRENCY.yearly ? plan.yearly.yearly_price_id : plan.monthly.monthly_price_id}
            planName={`${plan.name} ${recurrency === RECURRENCY.yearly ? t('plans.yearly').toLowerCase() : t('plans.monthly').toLowerCase()}`}
            amount={recurrency === RECURRENCY.yearly ? plan.yearly.yearly_cost : plan.monthly.monthly_cost}
          />
        )}
        {!plan.is_free && current && !scheduled && <CancelSubscriptionButton />}
      </Stack>
    </Card>
  );
}

/** Plans list from `GET /api/user/plan` (§2.7 "plans"). */
export function PlansPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [recurrency, setRecurrency] = useState<number>(RECURRENCY.monthly);
  const plan = useQuery(userPlanQuery(user?.username ?? ''));
  if (plan.isPending) return <Loader />;
  if (plan.isError) return <Alert color="red">{t('plans.loadFailed')}</Alert>;
  const { plans, scheduledCancellationDetails: sched } = plan.data;
  // Premium roles (1 admin, 11) are on the paid plan; a scheduled cancellation keeps it until the period ends.
  const paid = plan.data.rol === 11 || plan.data.rol === 1;
  const currentId = (paid ? plans.find((p) => !p.is_free) : plans.find((p) => p.is_free))?.id;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end">
        <div>
          <Title order={2}>{t('plans.title')}</Title>
          <Text c="dimmed">{t('plans.subtitle')}</Text>
        </div>
        <SegmentedControl
          value={String(recurrency)}
          onChange={(v) => setRecurrency(Number(v))}
          data={[
            { value: String(RECURRENCY.monthly), label: t('plans.monthly') },
            { value: String(RECURRENCY.yearly), label: t('plans.yearly') },
          ]}
        />
      </Group>
      {sched.cancellationDate && <Alert color="yellow">{t('plans.scheduledCancel', { date: formatDate(sched.cancellationDate) })}</Alert>}
      <SimpleGrid cols={{ base: 1, md: Math.min(3, plans.length) }}>
        {plans.map((p) => (
          <PlanCard key={p.id} plan={p} recurrency={recurrency} current={p.id === currentId} scheduled={!!sched.cancellationDate} />
        ))}
      </SimpleGrid>
      <Suspense fallback={null}><PlanComparison /></Suspense>
    </Stack>
  );
}
