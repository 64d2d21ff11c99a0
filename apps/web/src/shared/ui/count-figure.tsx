import { Badge, Group, Text } from '@mantine/core';

/** One labelled count in a result summary (imported / duplicated / rejected of an import or a SAT download). */
export function CountFigure({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap" p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
      <Text size="sm">{label}</Text>
      <Badge color={color} size="lg" variant="light" data-testid={testId}>{value}</Badge>
    </Group>
  );
}
