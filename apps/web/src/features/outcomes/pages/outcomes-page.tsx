import { useState } from 'react';
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { STAT_KEYS, type InvoiceRow, type StatKey } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { confirmAction } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { CfdiExportButton } from '../../bulk/public';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { showAlert, toastError } from '../../../shared/ui/toasts';
import { usePeriod } from '../../../shared/period/period-store';
import { ImportCfdiButton } from '../../cfdi-import/public';
import { BLACKLIST_FEATURES, CancellationRequests, SatStatusModal, usePlanHas } from '../../sat-status/public';
import { SatDownloadButton } from '../../sat-download/public';
import { EnablePaymentModal, LazyYearStats, RelatedDrawer, StatCards, rowName, usePlanFeature, usePlanLacks } from '../../incomes/public';
import { LockedFeature } from '../../plans/public';
import { SendEmailModal } from '../../invoicing/public';
import {
  downloadOutcomeXml, downloadOutcomesCsv, markCancelled, outcomesKeys, outcomesListQuery, outcomesRelatedQuery, outcomesStatsQuery, setDeductible,
  setIvaUso, setOutcomeNotCount, setOutcomePaid, viewOutcomePdf, viewOutcomeXml,
} from '../api/outcomes-api';
import { ComplementRequestModal } from '../components/complement-request-modal';
import { OutcomesTable, type OutcomeAction } from '../components/outcomes-table';
import { OUTCOME_CARDS, OUTCOMES_FEATURES, type OutcomeCardKey } from '../model/stat-cards';

/** The year's columns: the month cards the yearly figures have (deducibles need the month's own call). */
const YEAR_COLUMNS = OUTCOME_CARDS.filter((c): c is (typeof OUTCOME_CARDS)[number] & { key: StatKey } => (STAT_KEYS as readonly string[]).includes(c.key));

type Dialog = { kind: 'paid' | 'related' | 'complement' | 'sat' | 'email'; row: InvoiceRow } | null;

/** /outcomes (spec §2.7, §7.6): the month's received CFDIs; the shell's month/year filter drives it. */
export function OutcomesPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const queryClient = useQueryClient();
  const list = usePagedList('outcomes');
  const [card, setCard] = useState<OutcomeCardKey>('ingresos');
  const [dialog, setDialog] = useState<Dialog>(null);
  const filter = OUTCOME_CARDS.find((c) => c.key === card)!.filter;
  const withBlacklist = usePlanHas(BLACKLIST_FEATURES.outcomes);
  const q = { page: list.page, perPage: list.perPage, searchQuery: list.query, ...filter, withBlacklist };
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'cancelaciones' || params.get('tab') === 'anual' ? params.get('tab')! : 'list';
  // Feature 7 (spec §6) gates the outcomes list and its cards: without it, the locked panel and no 403 asked for.
  const locked = usePlanLacks(OUTCOMES_FEATURES.list);
  const stats = useQuery({ ...outcomesStatsQuery(rfc, period), enabled: !locked });
  const rows = useQuery({ ...outcomesListQuery(rfc, period, q), enabled: !locked });

  const withCsv = usePlanFeature(OUTCOMES_FEATURES.csv);
  const withDeductible = usePlanFeature(OUTCOMES_FEATURES.deductible);
  const withPayable = usePlanFeature(OUTCOMES_FEATURES.payable);
  const withComplement = usePlanFeature(OUTCOMES_FEATURES.complement);
  const refresh = () => queryClient.invalidateQueries({ queryKey: outcomesKeys.all(rfc) });
  const alertAndRefresh = async (r: { msj: string; rspns: boolean }) => {
    showAlert(r.rspns, r.msj);
    await refresh();
  };
  const csv = useMutation({ mutationFn: () => downloadOutcomesCsv(period, q), onError: () => toastError() });
  const notCount = useMutation({ mutationFn: (r: InvoiceRow) => setOutcomeNotCount(r.uuid, !r.notCount), onSuccess: alertAndRefresh });
  const deductible = useMutation({ mutationFn: (r: InvoiceRow) => setDeductible(r.uuid, r.deducible !== true), onSuccess: alertAndRefresh });
  const ivaUso = useMutation({ mutationFn: (v: { row: InvoiceRow; uso: 'gravadas' | 'exentas' | null }) => setIvaUso(v.row.uuid, v.uso), onSuccess: alertAndRefresh });
  const unpaid = useMutation({ mutationFn: (r: InvoiceRow) => setOutcomePaid(r.uuid, ''), onSuccess: alertAndRefresh });
  const cancelled = useMutation({ mutationFn: (r: InvoiceRow) => markCancelled(r.uuid), onSuccess: alertAndRefresh });

  const pickCard = (k: OutcomeCardKey) => {
    const go = () => { setCard(k); list.setPage(1); };
    if (k === 'deducibles' || k === 'nodeducibles') withDeductible(go);
    else if (k === 'cuentaspor') withPayable(go);
    else go();
  };

  const onAction = (action: OutcomeAction, row: InvoiceRow) => {
    const name = rowName(row);
    const failed = () => toastError();
    switch (action) {
      case 'pdf': return void viewOutcomePdf(row.uuid).catch(failed);
      case 'xml': return void viewOutcomeXml(row.uuid).catch(failed);
      case 'downloadXml': return void downloadOutcomeXml(row.uuid, name).catch(failed);
      case 'related': return setDialog({ kind: 'related', row });
      case 'email': return setDialog({ kind: 'email', row });
      case 'satStatus': return setDialog({ kind: 'sat', row });
      case 'paid': return setDialog({ kind: 'paid', row });
      case 'complement': return withComplement(() => setDialog({ kind: 'complement', row }));
      case 'deductible': return deductible.mutate(row);
      case 'ivaGravadas': return withDeductible(() => ivaUso.mutate({ row, uso: 'gravadas' }));
      case 'ivaExentas': return withDeductible(() => ivaUso.mutate({ row, uso: 'exentas' }));
      case 'ivaAmbas': return withDeductible(() => ivaUso.mutate({ row, uso: null }));
      case 'unpaid':
        return confirmAction({
          title: t('outcomes.unpaidConfirm.title'), text: t('outcomes.unpaidConfirm.text', { name }),
          confirm: t('incomes.notCountConfirm.confirm'), cancel: t('incomes.close'), color: 'orange', onConfirm: () => unpaid.mutate(row),
        });
      case 'cancelled':
        return confirmAction({
          title: t('outcomes.cancelledConfirm.title'), text: t('outcomes.cancelledConfirm.text', { name, supplier: row.client || row.rfc }),
          confirm: t('outcomes.cancelledConfirm.confirm'), cancel: t('incomes.close'), color: 'red', onConfirm: () => cancelled.mutate(row),
        });
      case 'notCount':
        return confirmAction({
          title: row.notCount ? t('incomes.notCountConfirm.countTitle') : t('incomes.notCountConfirm.title'),
          text: row.notCount ? t('outcomes.notCount.countText', { name }) : t('outcomes.notCount.text', { name }),
          confirm: t('incomes.notCountConfirm.confirm'), cancel: t('incomes.close'), color: 'orange', onConfirm: () => notCount.mutate(row),
        });
    }
  };

  const total = rows.data?.total ?? 0;
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      <PageHeader title={t('outcomes.title')} action={<Group gap="xs"><SatDownloadButton tipo="recibidos" /><CfdiExportButton tipo="gastos" /><ImportCfdiButton /></Group>} />
      <Tabs value={tab} onChange={(v) => setParams(v === 'cancelaciones' || v === 'anual' ? { tab: v } : {})}>
        <Tabs.List mb="md">
          <Tabs.Tab value="list">{t('satStatus.tabs.list')}</Tabs.Tab>
          <Tabs.Tab value="anual">{t('leftovers25.year.tab')}</Tabs.Tab>
          <Tabs.Tab value="cancelaciones">{t('satStatus.tabs.requests')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <Stack gap="md">
            {locked && <LockedFeature minHeight={320} />}
            {!locked && <StatCards stats={stats.data} active={card} onPick={pickCard} cards={OUTCOME_CARDS} labelOf={(k) => `outcomes.cards.${k}`} />}
            {!locked && <PagedListCard list={list} searchPlaceholder={t('outcomes.searchPlaceholder')} loading={rows.isPending} total={total}
              emptyText={list.query ? t('outcomes.emptySearch') : t('outcomes.empty')} totalText={t('incomes.total', { count: total })}
              filters={
                <Group gap="xs">
                  <Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} loading={csv.isPending} onClick={() => withCsv(() => csv.mutate())}>{t('incomes.csv')}</Button>
                </Group>
              }>
              <OutcomesTable rows={rows.data?.data ?? []} onAction={onAction} />
            </PagedListCard>}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="anual">
          {tab === 'anual' && (locked ? <LockedFeature minHeight={320} />
            : <LazyYearStats direction="outcomes" rfc={rfc} year={period.year} columns={YEAR_COLUMNS} labelOf={(k) => t(`outcomes.cards.${k}`)} />)}
        </Tabs.Panel>
        <Tabs.Panel value="cancelaciones">
          {tab === 'cancelaciones' && <CancellationRequests onAnswered={refresh} />}
        </Tabs.Panel>
      </Tabs>
      <EnablePaymentModal rfc={rfc} row={dialog?.kind === 'paid' ? dialog.row : null} onClose={close} save={setOutcomePaid} invalidate={outcomesKeys.all(rfc)} />
      <RelatedDrawer rfc={rfc} row={dialog?.kind === 'related' ? dialog.row : null} onClose={close} query={outcomesRelatedQuery} />
      <ComplementRequestModal row={dialog?.kind === 'complement' ? dialog.row : null} onClose={close} />
      <SatStatusModal uuid={dialog?.kind === 'sat' ? dialog.row.uuid : null} invalidate={outcomesKeys.all(rfc)} onClose={close} />
      <SendEmailModal source="outcomes" rfc={rfc} uuid={dialog?.kind === 'email' ? dialog.row.uuid : null} onClose={close} />
    </Stack>
  );
}
