import { useState } from 'react';
import { Card, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import { useSession } from '../../../shared/session/session-store';
import { formatDay } from '../../../shared/format/dates';
import { ListTable } from '../../../shared/ui/list-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { perReceiveQuery } from '../../incomes/public';
import { INCOMES_FEATURES } from '../../incomes/public';
import { FeatureGate } from '../../plans/public';
import { rowName } from '../../incomes/public';

type Split = '' | '1' | '0';

/** /accounts/per-receive (spec §2.7): open balances of issued invoices, split with and without related documents. */
export function PerReceivePage() {
  const { t } = useTranslation();
  // Feature 55 belongs to the paid plan: a free account sees the locked panel instead of a 403 redirect.
  return (
    <Stack gap="md">
      <PageHeader title={t('receivable.title')} />
      <FeatureGate featureId={INCOMES_FEATURES.receivable} minHeight={240}><ReceivableContent /></FeatureGate>
    </Stack>
  );
}

function ReceivableContent() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const list = usePagedList('per-receive');
  const [split, setSplit] = useState<Split>('');
  const data = useQuery(perReceiveQuery(rfc, { page: list.page, perPage: list.perPage, searchQuery: list.query, relatedocs: split }));
  const pick = (s: Split) => { setSplit(split === s ? '' : s); list.setPage(1); };
  const card = (s: '1' | '0', label: string, fig?: { count: number; total: string }) => (
    <UnstyledButton onClick={() => pick(s)} aria-pressed={split === s} data-testid={`receivable-${s === '1' ? 'with' : 'without'}`}>
      <Card withBorder radius="md" padding="sm" style={{ borderColor: split === s ? 'var(--mantine-color-blue-6)' : undefined, borderWidth: split === s ? 2 : undefined }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
        <Text fw={700} size="lg">{fig ? formatMoney(fig.total) : '—'}</Text>
        <Text size="sm" c="dimmed">{fig ? t('receivable.invoices', { count: fig.count }) : ''}</Text>
      </Card>
    </UnstyledButton>
  );
  const page = data.data?.page;
  const total = page?.total ?? 0;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {card('1', t('receivable.with'), data.data?.conRelacionados)}
        {card('0', t('receivable.without'), data.data?.sinRelacionados)}
      </SimpleGrid>
      <PagedListCard list={list} searchPlaceholder={t('receivable.searchPlaceholder')} loading={data.isPending} total={total}
        emptyText={t('receivable.empty')} totalText={t('receivable.invoices', { count: total })}>
        <ListTable minWidth={720} testId="receivable-table" columns={[
          { label: t('incomes.cols.folio') }, { label: t('incomes.cols.client') }, { label: t('incomes.cols.fEmi') },
          { label: t('incomes.cols.total'), align: 'right' }, { label: t('receivable.saldo'), align: 'right' }, { label: t('receivable.documents'), align: 'right' },
        ]}>
          {(page?.data ?? []).map((r) => (
            <Table.Tr key={r.uuid}>
              <Table.Td><Text size="sm" fw={600}>{rowName(r)}</Text><Text size="xs" c="dimmed" ff="monospace">{r.uuid}</Text></Table.Td>
              <Table.Td><Text size="sm">{r.rfc} - {r.client}</Text></Table.Td>
              <Table.Td>{formatDay(r.f_emi.slice(0, 10))}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.total)} {r.moneda}</Table.Td>
              <Table.Td ta="right"><Text size="sm" fw={600} c="orange">{formatMoney(r.saldo)}</Text></Table.Td>
              <Table.Td ta="right">{r.documentos}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </PagedListCard>
    </Stack>
  );
}
