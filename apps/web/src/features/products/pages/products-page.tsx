import { useState } from 'react';
import { Button, Card, Group, Loader, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserProduct } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { PerPageSelect, usePerPage } from '../../../shared/ui/per-page';
import { toastSuccess } from '../../../shared/ui/toasts';
import { deleteProduct, productKeys, productsQuery } from '../api/products-api';
import { ProductFormDrawer } from '../components/product-form-drawer';
import { ProductsTable } from '../components/products-table';

const SCREEN = 'products';

/** /products (spec §2.7, §7.8): list with search and pagination, side panels for new and edit. */
export function ProductsPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const [perPage, setPerPage] = usePerPage(SCREEN);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [panel, setPanel] = useState<{ open: boolean; product?: UserProduct }>({ open: false });
  const list = useQuery(productsQuery(rfc, { page, perPage, search: debounced }));

  const remove = useMutation({
    mutationFn: (p: UserProduct) => deleteProduct(p.id),
    onSuccess: async () => {
      toastSuccess(t('products.deleted'));
      await queryClient.invalidateQueries({ queryKey: productKeys.all(rfc) });
    },
  });
  const confirmDelete = (p: UserProduct) =>
    modals.openConfirmModal({
      title: t('products.confirmDelete.title'),
      children: <Text size="sm">{t('products.confirmDelete.text', { name: p.descripcionProducto })}</Text>,
      labels: { confirm: t('products.confirmDelete.confirm'), cancel: t('products.confirmDelete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(p),
    });

  const total = list.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('products.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setPanel({ open: true })}>{t('products.new')}</Button>
      </Group>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <TextInput leftSection={<IconSearch size={16} />} placeholder={t('products.searchPlaceholder')} aria-label={t('products.searchPlaceholder')}
              value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} w={340} />
            <Group gap="xs">
              <Text size="sm" c="dimmed">{t('app.perPage')}</Text>
              <PerPageSelect screen={SCREEN} onChange={(n) => { setPerPage(n); setPage(1); }} />
            </Group>
          </Group>
          {list.isPending ? <Loader size="sm" /> : total === 0 ? (
            <Text c="dimmed" ta="center" py="lg">{debounced ? t('products.emptySearch') : t('products.empty')}</Text>
          ) : (
            <ProductsTable products={list.data?.data ?? []} onEdit={(product) => setPanel({ open: true, product })} onDelete={confirmDelete} />
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">{t('products.total', { count: total })}</Text>
            <Pagination total={Math.max(1, Math.ceil(total / perPage))} value={page} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      </Card>
      <ProductFormDrawer rfc={rfc} opened={panel.open} product={panel.product} onClose={() => setPanel({ open: false })} />
    </Stack>
  );
}
