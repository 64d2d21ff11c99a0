import type { ReactNode } from 'react';
import { Box, Group, Title } from '@mantine/core';

/**
 * The title row of a screen with its main action on the right ("Nuevo cliente"). On a phone the actions keep
 * to one row that scrolls sideways (global.css `.page-header-actions`), so the list starts on the first screen.
 */
export function PageHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      {action && <Box className="page-header-actions">{action}</Box>}
    </Group>
  );
}
