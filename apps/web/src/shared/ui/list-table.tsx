import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/** A header cell: its text (none for the actions column), alignment and width. */
export interface ListColumn {
  label?: string;
  align?: 'right';
  width?: number;
}

interface ListTableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  columns: ListColumn[];
  testId?: string;
  /** The <Table.Tr> rows. */
  children: ReactNode;
}

/** The striped, scrollable table every list uses, with its header row. */
export function ListTable({ minWidth, columns, testId, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={c.label ?? `col-${i}`} ta={c.align} w={c.width}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
