import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { monthsQuery } from '../api/bank-api';
import '../texts';

/**
 * Dashboard (issue 27 §6, §4, decision 317): which months of the year are reconciled with the bank — their
 * cash-basis figures take the bank's payment dates — whether the selected month is, and its withdrawals without a
 * CFDI, non-deductible until one is matched. Nothing when the account has no bank movements that year.
 */
export function BankCashBasis({ month, year }: { month: number; year: number }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const months = useQuery({ ...monthsQuery(rfc, null, year), enabled: !!rfc }).data?.data ?? [];
  if (!months.length) return null;
  const name = (m: number) => t(`bank.monthNames.${m}`);
  const reconciled = months.filter((m) => m.conciliado);
  const current = months.find((m) => m.mes === month);
  return (
    <Card withBorder data-testid="bank-cash-basis">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600}>{t('bank.cashBasis.title', { anio: year })}</Text>
          <Anchor component={Link} to="/bancos" size="sm">{t('bank.cashBasis.go')}</Anchor>
        </Group>
        <Group gap={6} data-testid="bank-reconciled-months">
          {reconciled.length
            ? reconciled.map((m) => <Badge key={m.mes} color="teal" variant="light" data-testid="bank-reconciled-month">{t('bank.cashBasis.reconciled', { mes: name(m.mes) })}</Badge>)
            : <Text size="sm" c="dimmed">{t('bank.cashBasis.none')}</Text>}
        </Group>
        {current && (
          <Text size="sm" c={current.conciliado ? 'teal' : 'dimmed'} data-testid="bank-month-state">
            {current.conciliado ? t('bank.cashBasis.monthReconciled', { mes: name(month) }) : t('bank.cashBasis.monthPending', { mes: name(month), count: current.pendientes })}
          </Text>
        )}
        {current && current.retirosSinCfdi > 0 && (
          <Group gap={8} data-testid="bank-withdrawals-no-cfdi">
            <Text size="sm">{t('bank.cashBasis.withdrawals')}:</Text>
            <Text size="sm" fw={600}>${current.importeRetirosSinCfdi}</Text>
            <Text size="xs" c="dimmed">{t('bank.cashBasis.withdrawalsCount', { count: current.retirosSinCfdi })}</Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">{t('bank.cashBasis.hint')}</Text>
      </Stack>
    </Card>
  );
}
