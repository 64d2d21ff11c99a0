import { Box, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MONTHS, routes, type StatKey } from '@facturo/contract';
import { formatMoney, sumAmounts, toDecimal } from '@facturo/cfdi/money';
import { call } from '../../../shared/api/call';

export interface YearStatsProps {
  /** Which list's year: issued (incomes) or received (outcomes). */
  direction: 'incomes' | 'outcomes';
  rfc: string;
  year: number;
  /** The columns, in the order of the month's stat cards, and the label of each. */
  columns: readonly { key: StatKey; color: string }[];
  labelOf: (key: StatKey) => string;
}

/** Accounts receivable/payable is each month's open balance, not that month's documents: it does not add up over a year. */
const BALANCE_KEY: StatKey = 'cuentaspor';

const ROUTE = { incomes: routes['incomes.yearStats'], outcomes: routes['outcomes.yearStats'] } as const;

/**
 * "Cálculos del año" (spec §7.5/§7.6 `GET /api/{incomes|outcomes}/stats/{year}`): the year's figures month by
 * month, a bar per month of the first column (all the documents) and the year's total row. Sums are decimal.
 */
export function YearStats({ direction, rfc, year, columns, labelOf }: YearStatsProps) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: [direction, rfc, 'year-stats', year],
    queryFn: ({ signal }) => call(ROUTE[direction], { params: { year }, signal }),
  });
  if (stats.isPending) return <Loader size="sm" />;
  if (stats.isError) return <Text c="red">{t('leftovers25.year.failed')}</Text>;
  const months = stats.data.calculos;
  const main = columns[0]!.key;
  const max = months.reduce((m, r) => (toDecimal(r[main].total).gt(m) ? toDecimal(r[main].total) : m), toDecimal('0'));
  const yearTotal = (key: StatKey) => ({
    count: months.reduce((n, r) => n + r[key].count, 0),
    total: sumAmounts(months.map((r) => r[key].total), 2),
  });
  return (
    <Stack gap="md" data-testid={`${direction}-year-stats`}>
      <Card withBorder radius="md">
        <Title order={4} mb="sm">{t('leftovers25.year.chartTitle', { label: labelOf(main), year })}</Title>
        <Stack gap={4} data-testid="year-chart">
          {months.map((r) => {
            const pct = max.isZero() ? 0 : toDecimal(r[main].total).div(max).times(100).toNumber();
            return (
              <Group key={r.mes} gap="xs" wrap="nowrap" data-testid={`year-bar-${r.mes}`}>
                <Text size="xs" w={72}>{MONTHS[r.mes - 1]}</Text>
                <Box style={{ flex: 1 }} h={14} bg="var(--mantine-color-default-border)" aria-hidden>
                  <Box h={14} w={`${pct}%`} bg={`var(--mantine-color-${columns[0]!.color}-6)`} />
                </Box>
                <Text size="xs" w={110} ta="right">{formatMoney(r[main].total)}</Text>
              </Group>
            );
          })}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={180 + columns.length * 130}>
          <Table striped verticalSpacing="xs" data-testid="year-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('leftovers25.year.month')}</Table.Th>
                {columns.map((c) => <Table.Th key={c.key} ta="right">{labelOf(c.key)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((r) => (
                <Table.Tr key={r.mes} data-testid={`year-row-${r.mes}`}>
                  <Table.Td>{MONTHS[r.mes - 1]}</Table.Td>
                  {columns.map((c) => <Figure key={c.key} testId={`year-${r.mes}-${c.key}`} count={r[c.key].count} total={r[c.key].total} />)}
                </Table.Tr>
              ))}
              <Table.Tr data-testid="year-row-total">
                <Table.Td fw={700}>{t('leftovers25.year.total', { year })}</Table.Td>
                {columns.map((c) => (c.key === BALANCE_KEY
                  ? <Table.Td key={c.key} ta="right" data-testid={`year-total-${c.key}`} title={t('leftovers25.year.balanceNote')}>—</Table.Td>
                  : <Figure key={c.key} testId={`year-total-${c.key}`} {...yearTotal(c.key)} />))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}

function Figure({ count, total, testId }: { count: number; total: string; testId: string }) {
  return (
    <Table.Td ta="right" data-testid={testId}>
      <Text size="sm">{formatMoney(total)}</Text>
      <Text size="xs" c="dimmed">{count}</Text>
    </Table.Td>
  );
}
