import { Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { StatFigure } from '@facturo/contract';
import { FilterChips } from '../../../shared/ui/filter-chips';
import { usePhone } from '../../../shared/ui/use-phone';
import { STAT_CARDS } from '../model/stat-cards';

interface Props<K extends string> {
  stats: Partial<Record<K, StatFigure>> | undefined;
  active: K;
  onPick: (key: K) => void;
  /** The cards to show (default: the incomes cards) and the i18n key of each label. */
  cards?: readonly { key: K; color: string }[];
  labelOf?: (key: K) => string;
}

/** Stat cards that act as list filters (spec §2.7): count and MXN total of each (incomes and outcomes). */
export function StatCards<K extends string>({ stats, active, onPick, cards, labelOf }: Props<K>) {
  const { t } = useTranslation();
  const shown = cards ?? (STAT_CARDS as unknown as readonly { key: K; color: string }[]);
  const phone = usePhone();
  const labelKey = (key: K) => (labelOf ? labelOf(key) : `incomes.cards.${key}`);
  // On a phone the cards fold into one sideways-scrolling row of chips (issue 25 §9): the rows stay on the first screen.
  if (phone) {
    return (
      <FilterChips testId="stat-chips" label={t('leftovers25.chips')} active={active} onPick={onPick}
        chips={shown.map(({ key, color }) => ({ key, color, label: t(labelKey(key)), figure: stats?.[key] ? String(stats[key].count) : '—' }))} />
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {shown.map(({ key, color }) => {
        const fig = stats?.[key];
        const on = key === active;
        return (
          <UnstyledButton key={key} onClick={() => onPick(key)} aria-pressed={on} data-testid={`stat-${key}`}>
            <Card withBorder radius="md" padding="sm" style={{ borderColor: on ? `var(--mantine-color-${color}-6)`: undefined, borderWidth: on ? 2 : undefined }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(labelKey(key))}</Text>
              <Text fw={700} size="lg" c={color} data-testid={`stat-${key}-count`}>{fig ? fig.count : '—'}</Text>
              <Text size="sm" data-testid={`stat-${key}-total`}>{fig ? formatMoney(fig.total) : ''}</Text>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
