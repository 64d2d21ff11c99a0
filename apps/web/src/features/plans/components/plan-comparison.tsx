import { Card, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentsRoutes } from '@facturo/contract/routes/payments';
import { formatMoney } from '@facturo/cfdi/money';
import { call } from '../../../shared/api/call';

/**
 * "Compara los planes" under the plan cards: each plan's description and what it includes from the plans
 * catalog (`GET /api/plans/descriptions`), and the recurring price the payments provider will charge for it
 * (`GET /api/payments/plans`, matched by price id) so the amount on the card is the amount charged.
 */
export function PlanComparison() {
  const { t } = useTranslation();
  const descriptions = useQuery({ queryKey: ['plans', 'catalog', 'descriptions'], queryFn: ({ signal }) => call(paymentsRoutes['payments.planDescriptions'], { signal }), staleTime: 10 * 60_000 });
  const prices = useQuery({ queryKey: ['plans', 'catalog', 'provider-prices'], queryFn: ({ signal }) => call(paymentsRoutes['payments.providerPlans'], { signal }), staleTime: 10 * 60_000, retry: false });
  if (!descriptions.data) return null;
  const plans = descriptions.data.data;
  const included = [...new Set(plans.flatMap((p) => p.features))];
  const providerPrice = (priceId: string | null) => {
    const p = priceId ? prices.data?.data.find((x) => x.priceId === priceId) : undefined;
    return p ? t(p.interval === 'month' ? 'leftovers25.plans.perMonth' : 'leftovers25.plans.perYear', { amount: formatMoney(p.amount), currency: p.currency }) : null;
  };
  return (
    <Card withBorder radius="lg" padding={0} data-testid="plan-comparison">
      <Title order={4} p="md" pb={0}>{t('leftovers25.plans.title')}</Title>
      <Table.ScrollContainer minWidth={200 + plans.length * 180}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {plans.map((p) => (
                <Table.Th key={p.id} data-testid={`plan-desc-${p.id}`}>
                  <Text fw={700}>{p.name}</Text>
                  <Text size="xs" c="dimmed" fw={400}>{p.description}</Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {included.map((name) => (
              <Table.Tr key={name}>
                <Table.Td>{name}</Table.Td>
                {plans.map((p) => (
                  <Table.Td key={p.id} aria-label={p.features.includes(name) ? t('leftovers25.plans.yes') : t('leftovers25.plans.no')}>
                    {p.features.includes(name) ? <IconCheck size={16} color="var(--mantine-color-teal-6)" /> : <IconMinus size={16} color="var(--mantine-color-dimmed)" />}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={600}>{t('leftovers25.plans.charged')}</Table.Td>
              {plans.map((p) => (
                <Table.Td key={p.id} data-testid={`plan-price-${p.id}`}>
                  {p.is_free ? t('plans.free') : (
                    <>
                      <Text size="sm">{providerPrice(p.monthly.monthly_price_id) ?? `${formatMoney(p.monthly.monthly_cost)} ${t('plans.perMonth')}`}</Text>
                      <Text size="sm">{providerPrice(p.yearly.yearly_price_id) ?? `${formatMoney(p.yearly.yearly_cost)} ${t('plans.perYear')}`}</Text>
                    </>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
