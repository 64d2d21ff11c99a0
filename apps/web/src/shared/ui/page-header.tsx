import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** The title row of a screen with its main action on the right ("Nuevo cliente"). */
export function PageHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      {action}
    </Group>
  );
}
