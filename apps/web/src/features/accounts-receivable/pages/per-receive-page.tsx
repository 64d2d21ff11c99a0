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
  return <OpenBalancesPage query={perReceiveQuery} featureId={INCOMES_FEATURES.receivable} texts="receivable" listKey="per-receive" />;
}

interface OpenBalancesProps {
  /** The side's open-balances query: GET /api/accounts/per-receive (incomes) or /per-pay (outcomes). */
  query: typeof perReceiveQuery;
  /** The plan feature of the view (55 receivable, 57 payable). */
  featureId: number;
  /** i18n prefix of the texts (receivable, payable) and the remembered page size key. */
  texts: 'receivable' | 'payable';
  listKey: string;
}

/** Accounts receivable or payable: open balances split with and without related documents (shared by outcomes). */
export function OpenBalancesPage(props: OpenBalancesProps) {
  const { t } = useTranslation();
  // The feature belongs to the paid plan: a free account sees the locked panel instead of a 403 redirect.
  return (
    <Stack gap="md">
      <PageHeader title={t(`${props.texts}.title`)} />
      <FeatureGate featureId={props.featureId} minHeight={240}><BalancesContent {...props} /></FeatureGate>
    </Stack>
  );
}

function BalancesContent({ query, texts, listKey }: OpenBalancesProps) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const list = usePagedList(listKey);
  const [split, setSplit] = useState<Split>('');
  const data = useQuery(query(rfc, { page: list.page, perPage: list.perPage, searchQuery: list.query, relatedocs: split }));
  const pick = (s: Split) => { setSplit(split === s ? '' : s); list.setPage(1); };
  const card = (s: '1' | '0', label: string, fig?: { count: number; total: string }) => (
    <UnstyledButton onClick={() => pick(s)} aria-pressed={split === s} data-testid={`${texts}-${s === '1' ? 'with' : 'without'}`}>
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
        {card('1', t(`${texts}.with`), data.data?.conRelacionados)}
        {card('0', t(`${texts}.without`), data.data?.sinRelacionados)}
      </SimpleGrid>
      <PagedListCard list={list} searchPlaceholder={t(`${texts}.searchPlaceholder`)} loading={data.isPending} total={total}
        emptyText={t(`${texts}.empty`)} totalText={t('receivable.invoices', { count: total })}>
        <ListTable minWidth={720} testId={`${texts}-table`} columns={[
          { label: t('incomes.cols.folio') }, { label: t(`${texts}.counterparty`) }, { label: t('incomes.cols.fEmi') },
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
