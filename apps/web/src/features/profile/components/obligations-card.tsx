import { useState } from 'react';
import { Alert, Box, Button, Card, Collapse, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { obligationInputSchema, type ObligationInput } from '@facturo/contract';
import { RowAction } from '../../../shared/ui/row-action';
import { usePagedList } from '../../../shared/ui/paged-list';
import { ListPager, PageSizeControl } from '../../../shared/ui/paged-list-card';
import { toastSuccess } from '../../../shared/ui/toasts';
import { applyServerErrors } from '../../auth/model/form-errors';
import { addObligation, deleteObligation, obligationsQuery, profileKeys } from '../api/profile-api';

const fields = ['descripcion', 'vencimiento', 'init_date', 'end_date'] as const;
const SCREEN = 'profile-obligations';

/** Fiscal obligations (descripcion, vencimiento): from the constancia or entered by hand. */
export function ObligationsCard({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList(SCREEN);
  const [adding, setAdding] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const q = useQuery(obligationsQuery(rfc, list.page, list.perPage));
  const form = useForm<ObligationInput>({ resolver: zodResolver(obligationInputSchema), defaultValues: { descripcion: '', vencimiento: '', init_date: '', end_date: '' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all(rfc), 'obligations'] });
  const add = useMutation({
    mutationFn: addObligation,
    onSuccess: () => {
      form.reset();
      setAdding(false);
      toastSuccess();
      void refresh();
    },
    onError: (err) => setFormError(applyServerErrors(err, form.setError, fields, t('toast.error.text'))),
  });
  const remove = useMutation({ mutationFn: deleteObligation, onSuccess: (r) => (toastSuccess(r.message), void refresh()) });
  const err = form.formState.errors;
  return (
    <Card withBorder radius="md" padding="md" data-testid="obligations-card">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('profile.obligations.title')}</Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding((v) => !v)}>
          {t('profile.obligations.add')}
        </Button>
      </Group>
      <Collapse expanded={adding}>
        <form
          onSubmit={form.handleSubmit((v) => {
            setFormError(null);
            add.mutate(v);
          })}
          noValidate
        >
          <Stack gap="xs" mb="md">
            {formError && <Alert color="red">{formError}</Alert>}
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <TextInput label={t('profile.obligations.descripcion')} {...form.register('descripcion')} error={err.descripcion?.message} />
              <TextInput label={t('profile.obligations.vencimiento')} {...form.register('vencimiento')} error={err.vencimiento?.message} />
              <TextInput type="date" label={t('profile.items.initDate')} {...form.register('init_date')} error={err.init_date?.message} />
              <TextInput type="date" label={t('profile.items.endDate')} {...form.register('end_date')} error={err.end_date?.message} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={add.isPending}>
                {t('profile.items.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>
      {q.data && q.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('profile.obligations.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('profile.obligations.descripcion')}</Table.Th>
                <Table.Th>{t('profile.obligations.vencimiento')}</Table.Th>
                <Table.Th>{t('profile.items.initDate')}</Table.Th>
                <Table.Th>{t('profile.items.source')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data?.data.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>{o.descripcion}</Table.Td>
                  <Table.Td>{o.vencimiento}</Table.Td>
                  <Table.Td>{o.init_date ?? '—'}</Table.Td>
                  <Table.Td>{t(`profile.items.sources.${o.source}`)}</Table.Td>
                  <Table.Td>
                    <RowAction label={t('profile.items.delete')} ariaLabel={t('profile.items.delete')} color="red" icon={<IconTrash size={16} />} onClick={() => remove.mutate(o.id)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Box mt="sm">
        <ListPager list={list} total={q.data?.total ?? 0} left={<PageSizeControl list={list} />} />
      </Box>
    </Card>
  );
}
