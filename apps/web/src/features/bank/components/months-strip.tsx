import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { monthsQuery } from '../api/bank-api';
import '../texts';

/** The year's months with movements: reconciled (nothing pending) or how many are still pending (issue 27 §6). */
export function MonthsStrip({ rfc, cuenta, anio }: { rfc: string; cuenta: number; anio: number }) {
  const { t } = useTranslation();
  const months = useQuery(monthsQuery(rfc, cuenta, anio));
  if (!months.data?.data.length) return null;
  return (
    <Group gap={6} data-testid="bank-months">
      <Text size="sm" c="dimmed">{t('bank.monthsLabel', { anio })}</Text>
      {months.data.data.map((m) => (
        <Badge key={m.mes} variant="light" color={m.conciliado ? 'teal' : 'orange'}>
          {m.conciliado ? t('bank.monthReconciled', { mes: t(`bank.monthNames.${m.mes}`) }) : t('bank.monthPending', { mes: t(`bank.monthNames.${m.mes}`), count: m.pendientes })}
        </Badge>
      ))}
    </Group>
  );
}
