import { Box, Group, Text, UnstyledButton } from '@mantine/core';

export interface FilterChip<K extends string> {
  key: K;
  label: string;
  color: string;
  /** The figure beside the label (a count, an amount); '—' while it loads. */
  figure?: string;
}

interface FilterChipsProps<K extends string> {
  chips: readonly FilterChip<K>[];
  /** The chip whose filter applies; none for chips that only show figures. */
  active?: K;
  /** Picking a chip applies its filter; without it the chips are figures, not buttons. */
  onPick?: (key: K) => void;
  /** The row's data-testid; each chip is `stat-${key}` (the same ids the wide stat cards use). */
  testId: string;
  label: string;
}

/**
 * The stat cards of a list folded into one row of chips that scrolls sideways (issue 25 §9): on a phone the
 * rows of the list, not nine cards, fill the first screen. A chip is a toggle button like the card it stands for.
 */
export function FilterChips<K extends string>({ chips, active, onPick, testId, label }: FilterChipsProps<K>) {
  return (
    <Box data-testid={testId} role="group" aria-label={label} style={{ overflowX: 'auto', scrollbarWidth: 'none' }} mx={-4} px={4}>
      <Group gap={6} wrap="nowrap" py={2}>
        {chips.map(({ key, label: text, color, figure }) => {
          const on = key === active;
          const body = (
            <Group gap={6} wrap="nowrap" px={12} py={6} style={{
              borderRadius: 999, whiteSpace: 'nowrap',
              border: `1px solid var(--mantine-color-${color}-${on ? 6 : 3})`,
              background: on ? `var(--mantine-color-${color}-light)` : undefined,
            }}>
              <Text size="sm" fw={on ? 700 : 500}>{text}</Text>
              {figure !== undefined && <Text size="sm" fw={700} c={color} data-testid={`stat-${key}-count`}>{figure}</Text>}
            </Group>
          );
          return onPick ? (
            <UnstyledButton key={key} onClick={() => onPick(key)} aria-pressed={on} data-testid={`stat-${key}`}>{body}</UnstyledButton>
          ) : <Box key={key} data-testid={`stat-${key}`}>{body}</Box>;
        })}
      </Group>
    </Box>
  );
}
