import { useState } from 'react';
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { InvoiceRow, StatKey } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { confirmAction } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { CfdiExportButton } from '../../bulk/public';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { isApiError } from '../../../shared/api/api-error';
import { showAlert, toastError } from '../../../shared/ui/toasts';
import { usePeriod } from '../../../shared/period/period-store';
import { ImportCfdiButton } from '../../cfdi-import/public';
import { BLACKLIST_FEATURES, SatStatusModal, usePlanHas } from '../../sat-status/public';
import { SatDownloadButton } from '../../sat-download/public';
import { creditNoteDraftFromXml, downloadCancelAcuse, downloadXml, draftState, fetchXml, viewPdf, viewXml } from '../../invoicing/public';
import { SendEmailModal } from '../../invoicing/public';
import { downloadIncomesCsv, incomesKeys, incomesListQuery, incomesStatsQuery, setNotCount } from '../api/incomes-api';
import { CancelModal } from '../components/cancel-modal';
import { EnablePaymentModal } from '../components/enable-payment-modal';
import { IncomesTable, rowName, type RowAction } from '../components/incomes-table';
import { RelatedDrawer } from '../components/related-drawer';
import { StatCards } from '../components/stat-cards';
import { LazyYearStats } from '../components/year-stats-lazy';
import { STAT_CARDS } from '../model/stat-cards';
import { INCOMES_FEATURES, usePlanFeature, usePlanLacks } from '../model/use-plan-feature';
import { LockedFeature } from '../../plans/public';

type Dialog = { kind: 'email' | 'cancel' | 'enable' | 'related' | 'sat'; row: InvoiceRow } | null;

/** /incomes (spec §2.7, §4, §7.5): the month's issued invoices; the shell's month/year filter drives it. */
export function IncomesPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const queryClient = useQueryClient();
  const list = usePagedList('incomes');
  const [card, setCard] = useState<StatKey>('ingresos');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'anual' ? 'anual' : 'list';
  const filter = STAT_CARDS.find((c) => c.key === card)!.filter;
  const withBlacklist = usePlanHas(BLACKLIST_FEATURES.incomes);
  const q = { page: list.page, perPage: list.perPage, searchQuery: list.query, ...filter, withBlacklist };
  // Features 5 (list) and 6 (stats), spec §6: a plan without them sees the locked panel, and no 403 is asked for.
  const listLocked = usePlanLacks(INCOMES_FEATURES.list);
  const statsLocked = usePlanLacks(INCOMES_FEATURES.stats);
  const stats = useQuery({ ...incomesStatsQuery(rfc, period), enabled: !statsLocked });
  const rows = useQuery({ ...incomesListQuery(rfc, period, q), enabled: !listLocked });

  const withCsv = usePlanFeature(INCOMES_FEATURES.csv);
  const withEmail = usePlanFeature(INCOMES_FEATURES.email);
  const csv = useMutation({ mutationFn: () => downloadIncomesCsv(period, q), onError: () => toastError() });
  const notCount = useMutation({
    mutationFn: (r: InvoiceRow) => setNotCount(r.uuid, !r.notCount),
    onSuccess: async (r) => {
      showAlert(r.rspns, r.msj);
      await queryClient.invalidateQueries({ queryKey: incomesKeys.all(rfc) });
    },
  });

  const navigate = useNavigate();
  /** "Emitir nota de crédito": the invoicing form as tipo E related (01) to this invoice (issue 13 item 3). */
  const creditNote = useMutation({
    mutationFn: async (row: InvoiceRow) => {
      const xml = await (await fetchXml(row.uuid)).text();
      const { draft, receptorRfc } = creditNoteDraftFromXml(xml, row.uuid, t('incomes.actions.creditNoteConcept', { name: rowName(row) }));
      navigate('/invoicing/add', { state: await draftState(draft, receptorRfc) });
    },
    onError: () => toastError(),
  });
  const onAction = (action: RowAction, row: InvoiceRow) => {
    const name = rowName(row);
    const failed = () => toastError();
    switch (action) {
      case 'pdf': return void viewPdf(row.uuid).catch(failed);
      case 'xml': return void viewXml(row.uuid).catch(failed);
      case 'downloadXml': return void downloadXml(row.uuid, name).catch(failed);
      case 'acuse': return void downloadCancelAcuse(row.uuid).catch((e: unknown) => (isApiError(e) && e.status === 404 ? showAlert(false, t('incomes.acuseMissing')) : toastError()));
      case 'email': return withEmail(() => setDialog({ kind: 'email', row }));
      case 'cancel': return setDialog({ kind: 'cancel', row });
      case 'enablePayment': return setDialog({ kind: 'enable', row });
      case 'related': return setDialog({ kind: 'related', row });
      case 'satStatus': return setDialog({ kind: 'sat', row });
      case 'creditNote': return void creditNote.mutate(row);
      case 'notCount':
        return confirmAction({
          title: row.notCount ? t('incomes.notCountConfirm.countTitle') : t('incomes.notCountConfirm.title'),
          text: row.notCount ? t('incomes.notCountConfirm.countText', { name }) : t('incomes.notCountConfirm.text', { name }),
          confirm: t('incomes.notCountConfirm.confirm'), cancel: t('incomes.close'), color: 'orange',
          onConfirm: () => notCount.mutate(row),
        });
    }
  };

  const total = rows.data?.total ?? 0;
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      <PageHeader title={t('incomes.title')}
        action={
          <Group gap="xs">
            <SatDownloadButton tipo="emitidos" />
            <CfdiExportButton tipo="ingresos" />
            <ImportCfdiButton variant="light" />
            <Button component={Link} to="/invoicing/add" leftSection={<IconPlus size={16} />}>{t('incomes.newInvoice')}</Button>
          </Group>
        } />
      <Tabs value={tab} onChange={(v) => setParams(v === 'anual' ? { tab: 'anual' } : {})}>
        <Tabs.List mb="md">
          <Tabs.Tab value="list">{t('satStatus.tabs.list')}</Tabs.Tab>
          <Tabs.Tab value="anual">{t('leftovers25.year.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <Stack gap="md">
            {statsLocked ? <LockedFeature minHeight={90} /> : <StatCards stats={stats.data} active={card} onPick={(k) => { setCard(k); list.setPage(1); }} />}
            {listLocked ? <LockedFeature minHeight={320} /> : <PagedListCard list={list} searchPlaceholder={t('incomes.searchPlaceholder')} loading={rows.isPending} total={total}
              emptyText={list.query ? t('incomes.emptySearch') : t('incomes.empty')} totalText={t('incomes.total', { count: total })}
              filters={<Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} loading={csv.isPending} onClick={() => withCsv(() => csv.mutate())}>{t('incomes.csv')}</Button>}>
              <IncomesTable rows={rows.data?.data ?? []} onAction={onAction} />
            </PagedListCard>}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="anual">
          {/* The year's figures are the stats feature (6) month by month: the same gate as the cards. */}
          {tab === 'anual' && (statsLocked ? <LockedFeature minHeight={320} />
            : <LazyYearStats direction="incomes" rfc={rfc} year={period.year} columns={STAT_CARDS} labelOf={(k) => t(`incomes.cards.${k}`)} />)}
        </Tabs.Panel>
      </Tabs>
      <SendEmailModal rfc={rfc} uuid={dialog?.kind === 'email' ? dialog.row.uuid : null} onClose={close} />
      <CancelModal rfc={rfc} period={period} row={dialog?.kind === 'cancel' ? dialog.row : null} onClose={close} />
      <EnablePaymentModal rfc={rfc} row={dialog?.kind === 'enable' ? dialog.row : null} onClose={close} />
      <SatStatusModal uuid={dialog?.kind === 'sat' ? dialog.row.uuid : null} invalidate={incomesKeys.all(rfc)} onClose={close} />
      <RelatedDrawer rfc={rfc} row={dialog?.kind === 'related' ? dialog.row : null} onClose={close} />
    </Stack>
  );
}
