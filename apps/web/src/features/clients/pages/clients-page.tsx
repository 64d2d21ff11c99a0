import { useState } from 'react';
import { Button, Card, Group, Loader, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Client } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { PerPageSelect, usePerPage } from '../../../shared/ui/per-page';
import { toastSuccess } from '../../../shared/ui/toasts';
import { clientKeys, clientsQuery, deleteClient } from '../api/clients-api';
import { ClientFormDrawer } from '../components/client-form-drawer';
import { ClientsTable } from '../components/clients-table';

const SCREEN = 'clients';

/** /clients (spec §2.7, §7.9): list with search and pagination, side panels for new and edit. */
export function ClientsPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const [perPage, setPerPage] = usePerPage(SCREEN);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [panel, setPanel] = useState<{ open: boolean; client?: Client }>({ open: false });
  const list = useQuery(clientsQuery(rfc, { page, perPage, search: debounced }));

  const remove = useMutation({
    mutationFn: (c: Client) => deleteClient(c.id),
    onSuccess: async () => {
      toastSuccess(t('clients.deleted'));
      await queryClient.invalidateQueries({ queryKey: clientKeys.all(rfc) });
    },
  });
  const confirmDelete = (c: Client) =>
    modals.openConfirmModal({
      title: t('clients.confirmDelete.title'),
      children: <Text size="sm">{t('clients.confirmDelete.text', { name: c.display })}</Text>,
      labels: { confirm: t('clients.confirmDelete.confirm'), cancel: t('clients.confirmDelete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(c),
    });

  const total = list.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('clients.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setPanel({ open: true })}>{t('clients.new')}</Button>
      </Group>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <TextInput leftSection={<IconSearch size={16} />} placeholder={t('clients.searchPlaceholder')} aria-label={t('clients.searchPlaceholder')}
              value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} w={340} />
            <Group gap="xs">
              <Text size="sm" c="dimmed">{t('app.perPage')}</Text>
              <PerPageSelect screen={SCREEN} onChange={(n) => { setPerPage(n); setPage(1); }} />
            </Group>
          </Group>
          {list.isPending ? <Loader size="sm" /> : total === 0 ? (
            <Text c="dimmed" ta="center" py="lg">{debounced ? t('clients.emptySearch') : t('clients.empty')}</Text>
          ) : (
            <ClientsTable clients={list.data?.data ?? []} onEdit={(client) => setPanel({ open: true, client })} onDelete={confirmDelete} />
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">{t('clients.total', { count: total })}</Text>
            <Pagination total={Math.max(1, Math.ceil(total / perPage))} value={page} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      </Card>
      <ClientFormDrawer rfc={rfc} opened={panel.open} client={panel.client} onClose={() => setPanel({ open: false })} />
    </Stack>
  );
}
