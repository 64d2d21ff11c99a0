import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconFileCertificate, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Client } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { BulkActions } from '../../bulk/public';
import { useConfirmedMutation } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { clientKeys, clientsQuery, deleteClient } from '../api/clients-api';
import { ClientFormDrawer } from '../components/client-form-drawer';
import { ClientsTable } from '../components/clients-table';
import { ClientV4Dialog } from '../components/client-v4-dialog';

/** /clients (spec §2.7, §7.9): list with search and pagination, side panels for new and edit. */
export function ClientsPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const list = usePagedList('clients');
  const [panel, setPanel] = useState<{ open: boolean; client?: Client }>({ open: false });
  const [completing, setCompleting] = useState<Client | null>(null);
  const rows = useQuery(clientsQuery(rfc, { page: list.page, perPage: list.perPage, search: list.query }));

  const confirmDelete = useConfirmedMutation({
    mutationFn: (c: Client) => deleteClient(c.id),
    invalidate: clientKeys.all(rfc),
    done: () => t('clients.deleted'),
    ask: (c) => ({
      title: t('clients.confirmDelete.title'),
      text: t('clients.confirmDelete.text', { name: c.display }),
      confirm: t('clients.confirmDelete.confirm'),
      cancel: t('clients.confirmDelete.cancel'),
      color: 'red',
    }),
  });

  const total = rows.data?.total ?? 0;
  const incomplete = (rows.data?.data ?? []).filter((c) => c.v4_missing.length > 0).length;
  return (
    <Stack gap="md">
      <PageHeader title={t('clients.title')}
        action={(
          <Group gap="xs">
            {/* The screen's own action first: on a phone the header row scrolls sideways (PageHeader). */}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setPanel({ open: true })}>{t('clients.new')}</Button>
            <BulkActions entity="clientes" onImported={() => void queryClient.invalidateQueries({ queryKey: clientKeys.all(rfc) })} />
          </Group>
        )} />
      {incomplete > 0 && (
        <Alert color="orange" variant="light" icon={<IconFileCertificate size={18} />} data-testid="clients-v4-notice">
          {t('clientsV4.pageNotice', { count: incomplete })}
        </Alert>
      )}
      <PagedListCard list={list} searchPlaceholder={t('clients.searchPlaceholder')} loading={rows.isPending} total={total}
        emptyText={list.query ? t('clients.emptySearch') : t('clients.empty')} totalText={t('clients.total', { count: total })}>
        <ClientsTable clients={rows.data?.data ?? []} onEdit={(client) => setPanel({ open: true, client })} onDelete={confirmDelete} onCompleteV4={setCompleting} />
      </PagedListCard>
      <ClientFormDrawer rfc={rfc} opened={panel.open} client={panel.client} onClose={() => setPanel({ open: false })} />
      <ClientV4Dialog rfc={rfc} client={completing} onClose={() => setCompleting(null)} />
    </Stack>
  );
}
