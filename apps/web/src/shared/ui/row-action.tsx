import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

interface RowActionProps {
  /** Tooltip text ("Editar"). */
  label: string;
  /** Accessible name naming the row ("Editar XAXX010101000 - Público"), so tests and screen readers can tell rows apart. */
  ariaLabel: string;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
}

/** An icon button with a tooltip in the actions column of a table row. */
export function RowAction({ label, ariaLabel, icon, color, onClick }: RowActionProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={ariaLabel} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
