import { Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import { CREDIT_NOTE_CARDS, type CreditNoteStats } from '@facturo/contract';
import type { NoteSide } from '../api/credit-notes-api';

export type CardNumber = keyof typeof CREDIT_NOTE_CARDS;
const COLORS: Record<CardNumber, string> = { 1: 'blue', 2: 'teal', 3: 'cyan', 4: 'grape', 5: 'orange', 6: 'red' };
const NUMBERS = [1, 2, 3, 4, 5, 6] as const;

/** The six §4 cards (all, paid in the period, in another, from another, not paid, cancelled); each filters the list. */
export function CreditNoteCards({ stats, side, active, onPick }: {
  stats: CreditNoteStats | undefined; side: NoteSide; active: CardNumber; onPick: (n: CardNumber) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {NUMBERS.map((n) => {
        const key = CREDIT_NOTE_CARDS[n];
        const fig = stats?.[side === 1 ? key : (`${key}R` as const)];
        const on = n === active;
        return (
          <UnstyledButton key={n} onClick={() => onPick(n)} aria-pressed={on} data-testid={`note-card-${n}`}>
            <Card withBorder radius="md" padding="sm" h="100%"
              style={{ borderColor: on ? `var(--mantine-color-${COLORS[n]}-6)` : undefined, borderWidth: on ? 2 : undefined }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`creditNotes.cards.${n}`)}</Text>
              <Text fw={700} size="lg" c={COLORS[n]} data-testid={`note-card-${n}-count`}>{fig ? fig.count : '—'}</Text>
              <Text size="sm" data-testid={`note-card-${n}-total`}>{fig ? formatMoney(fig.total) : ''}</Text>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
