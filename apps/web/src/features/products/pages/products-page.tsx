import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserProduct } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { BulkActions } from '../../bulk/public';
import { useConfirmedMutation } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { deleteProduct, productKeys, productsQuery } from '../api/products-api';
import { ProductFormDrawer } from '../components/product-form-drawer';
import { ProductsTable } from '../components/products-table';

/** /products (spec §2.7, §7.8): list with search and pagination, side panels for new and edit. */
export function ProductsPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const list = usePagedList('products');
  const [panel, setPanel] = useState<{ open: boolean; product?: UserProduct }>({ open: false });
  const rows = useQuery(productsQuery(rfc, { page: list.page, perPage: list.perPage, search: list.query }));

  const confirmDelete = useConfirmedMutation({
    mutationFn: (p: UserProduct) => deleteProduct(p.id),
    invalidate: productKeys.all(rfc),
    done: () => t('products.deleted'),
    ask: (p) => ({
      title: t('products.confirmDelete.title'),
      text: t('products.confirmDelete.text', { name: p.descripcionProducto }),
      confirm: t('products.confirmDelete.confirm'),
      cancel: t('products.confirmDelete.cancel'),
      color: 'red',
    }),
  });

  const total = rows.data?.total ?? 0;
  return (
    <Stack gap="md">
      <PageHeader title={t('products.title')}
        action={(
          <Group gap="xs">
            {/* The screen's own action first: on a phone the header row scrolls sideways (PageHeader). */}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setPanel({ open: true })}>{t('products.new')}</Button>
            <BulkActions entity="productos" onImported={() => void queryClient.invalidateQueries({ queryKey: productKeys.all(rfc) })} />
          </Group>
        )} />
      <PagedListCard list={list} searchPlaceholder={t('products.searchPlaceholder')} loading={rows.isPending} total={total}
        emptyText={list.query ? t('products.emptySearch') : t('products.empty')} totalText={t('products.total', { count: total })}>
        <ProductsTable products={rows.data?.data ?? []} onEdit={(product) => setPanel({ open: true, product })} onDelete={confirmDelete} />
      </PagedListCard>
      <ProductFormDrawer rfc={rfc} opened={panel.open} product={panel.product} onClose={() => setPanel({ open: false })} />
    </Stack>
  );
}
