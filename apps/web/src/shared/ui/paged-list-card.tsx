import type { ReactNode } from 'react';
import { Card, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PerPageSelect } from './per-page';
import type { PagedList } from './paged-list';

/** "Por página" and the 10/20/50 selector of a list (§9). */
export function PageSizeControl({ list }: { list: PagedList }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">{t('app.perPage')}</Text>
      <PerPageSelect value={list.perPage} onChange={list.setPerPage} />
    </Group>
  );
}

/** Pagination of a list, on one row with whatever goes on its left (total, page size). */
export function ListPager({ list, total, left }: { list: PagedList; total: number; left: ReactNode }) {
  return (
    <Group justify="space-between">
      {left}
      <Pagination total={list.pagesFor(total)} value={list.page} onChange={list.setPage} size="sm" />
    </Group>
  );
}

interface PagedListCardProps {
  list: PagedList;
  /** Placeholder (and accessible name) of the search box. */
  searchPlaceholder: string;
  /** Extra filters beside the search box (e.g. the employees' estatus). */
  filters?: ReactNode;
  loading: boolean;
  total: number;
  /** Shown instead of the table when there are no rows. */
  emptyText: string;
  /** "12 clientes" under the table. */
  totalText: string;
  /** The table of the current page. */
  children: ReactNode;
}

/** The card of a list screen (customers, products, employees): search, page size, table or empty text, total and pages. */
export function PagedListCard({ list, searchPlaceholder, filters, loading, total, emptyText, totalText, children }: PagedListCardProps) {
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <TextInput leftSection={<IconSearch size={16} />} placeholder={searchPlaceholder} aria-label={searchPlaceholder}
              value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} w={340} />
            {filters}
          </Group>
          <PageSizeControl list={list} />
        </Group>
        {loading ? <Loader size="sm" /> : total === 0 ? <Text c="dimmed" ta="center" py="lg">{emptyText}</Text> : children}
        <ListPager list={list} total={total} left={<Text size="sm" c="dimmed">{totalText}</Text>} />
      </Stack>
    </Card>
  );
}
