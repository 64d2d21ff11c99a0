import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Collapse, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@facturo/contract';
import { ListTable } from '../../../shared/ui/list-table';
import { usePagedList } from '../../../shared/ui/paged-list';
import { ListPager, PageSizeControl } from '../../../shared/ui/paged-list-card';
import { RowAction } from '../../../shared/ui/row-action';
import { toastSuccess } from '../../../shared/ui/toasts';
import { applyServerErrors } from '../../../shared/api/form-server-errors';
import { profileKeys } from '../api/profile-api';
import { FormAlert } from '../../../shared/ui/form-alert';

export interface FiscalItemColumn<Row> {
  head: string;
  cell: (row: Row) => ReactNode;
}

interface FiscalItemsCardProps<Row extends { id: number; source: string }, Input extends FieldValues, Key extends readonly unknown[]> {
  rfc: string;
  /** Names the i18n texts (profile.{area}.title/add/empty), the cache key and the remembered page size. */
  area: 'obligations' | 'activities';
  query: (rfc: string, page: number, perPage: number) => UseQueryOptions<Page<Row>, Error, Page<Row>, Key>;
  /** The add form, built by the caller (its schema and defaults). */
  form: UseFormReturn<Input>;
  /** Fields whose server errors land on the inputs; the rest go to the alert. */
  fields: readonly Path<Input>[];
  /** The inputs of the add form (four, in two columns). */
  inputs: ReactNode;
  add: (input: Input) => Promise<unknown>;
  remove: (id: number) => Promise<{ message: string }>;
  /** Table columns before the common "Origen" and delete columns. */
  columns: FiscalItemColumn<Row>[];
}

/**
 * A profile list of fiscal items (obligations, economic activities): rows from the constancia or
 * added by hand through a collapsible form, each deletable, paged with a remembered size.
 */
export function FiscalItemsCard<Row extends { id: number; source: string }, Input extends FieldValues, Key extends readonly unknown[]>(
  props: FiscalItemsCardProps<Row, Input, Key>,
) {
  const { rfc, area, query, form, fields, inputs, add, remove, columns } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList(`profile-${area}`);
  const [adding, setAdding] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const q = useQuery(query(rfc, list.page, list.perPage));
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all(rfc), area] });
  const create = useMutation({
    mutationFn: add,
    onSuccess: () => {
      form.reset();
      setAdding(false);
      toastSuccess();
      void refresh();
    },
    onError: (err) => setFormError(applyServerErrors(err, form.setError, fields, t('toast.error.text'))),
  });
  const drop = useMutation({ mutationFn: remove, onSuccess: (r) => (toastSuccess(r.message), void refresh()) });
  return (
    <Card withBorder radius="md" padding="md" data-testid={`${area}-card`}>
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t(`profile.${area}.title`)}</Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding((v) => !v)}>
          {t(`profile.${area}.add`)}
        </Button>
      </Group>
      <Collapse expanded={adding}>
        <form
          onSubmit={form.handleSubmit((v) => {
            setFormError(null);
            create.mutate(v);
          })}
          noValidate
        >
          <Stack gap="xs" mb="md">
            <FormAlert message={formError} />
            <SimpleGrid cols={{ base: 1, md: 2 }}>{inputs}</SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={create.isPending}>
                {t('profile.items.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>
      {q.data && q.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`profile.${area}.empty`)}
        </Text>
      ) : (
        <ListTable minWidth={600} columns={[...columns.map((c) => ({ label: c.head })), { label: t('profile.items.source') }, {}]}>
          {q.data?.data.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((c) => <Table.Td key={c.head}>{c.cell(row)}</Table.Td>)}
              <Table.Td>{t(`profile.items.sources.${row.source}`)}</Table.Td>
              <Table.Td>
                <RowAction label={t('profile.items.delete')} ariaLabel={t('profile.items.delete')} color="red" icon={<IconTrash size={16} />} onClick={() => drop.mutate(row.id)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <Box mt="sm">
        <ListPager list={list} total={q.data?.total ?? 0} left={<PageSizeControl list={list} />} />
      </Box>
    </Card>
  );
}
