import { Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { MonthStats, StatKey } from '@facturo/contract';
import { STAT_CARDS } from '../model/stat-cards';

interface Props {
  stats: MonthStats | undefined;
  active: StatKey;
  onPick: (key: StatKey) => void;
}

/** Stat cards that act as list filters (spec §2.7): count and MXN total of each. */
export function StatCards({ stats, active, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {STAT_CARDS.map(({ key, color }) => {
        const fig = stats?.[key];
        const on = key === active;
        return (
          <UnstyledButton key={key} onClick={() => onPick(key)} aria-pressed={on} data-testid={`stat-${key}`}>
            <Card withBorder radius="md" padding="sm" style={{ borderColor: on ? `var(--mantine-color-${color}-6)`: undefined, borderWidth: on ? 2 : undefined }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`incomes.cards.${key}`)}</Text>
              <Text fw={700} size="lg" c={color} data-testid={`stat-${key}-count`}>{fig ? fig.count : '—'}</Text>
              <Text size="sm" data-testid={`stat-${key}-total`}>{fig ? formatMoney(fig.total) : ''}</Text>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
