import { useState } from 'react';
import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { mothersQuery, type MotherStatus } from '../api/payment-reception-api';
import { ApplyPaymentModal } from '../components/apply-payment-modal';
import { MothersTable } from '../components/mothers-table';
import { PaymentsDrawer } from '../components/payments-drawer';
import { multipleSelectionProblem } from '../model/payment-form';
import '../texts';

/**
 * /payment-reception (spec §2.7, §7.7): the PPD invoices with an open balance; register a payment to one of them,
 * or select several of one customer and register one payment over all of them. Each payment is stamped as a
 * CFDI tipo P (Pagos 2.0) and the invoices' balances and payment state follow.
 */
export function PaymentReceptionPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const list = usePagedList('payment-reception');
  const [status, setStatus] = useState<MotherStatus>(1);
  const [multiple, setMultiple] = useState(false);
  // Selected rows are kept whole: the selection survives paging and searching.
  const [selected, setSelected] = useState<Map<string, InvoiceRow>>(new Map());
  const [paying, setPaying] = useState<InvoiceRow[] | null>(null);
  const [showing, setShowing] = useState<InvoiceRow | null>(null);
  const rows = useQuery(mothersQuery(rfc, status, { page: list.page, perPage: list.perPage, search: list.query, multiple_payments: multiple }));
  const total = rows.data?.total ?? 0;
  const chosen = [...selected.values()];
  const problem = multipleSelectionProblem(chosen);

  const toggle = (r: InvoiceRow) => setSelected((m) => {
    const next = new Map(m);
    if (next.has(r.uuid)) next.delete(r.uuid); else next.set(r.uuid, r);
    return next;
  });
  const close = () => {
    if (paying && paying.length > 1) setSelected(new Map());
    setPaying(null);
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('paymentReception.title')} action={
        <Button leftSection={<IconCash size={16} />} disabled={status !== 1 || chosen.length < 2 || problem !== null} onClick={() => setPaying(chosen)}>
          {chosen.length >= 2 ? t('paymentReception.payMany', { count: chosen.length }) : t('paymentReception.payManyIdle')}
        </Button>
      } />
      <Text size="sm" c="dimmed">{t('paymentReception.intro')}</Text>
      {problem === 'customers' && <Alert color="yellow" variant="light" data-testid="selection-problem">{t('paymentReception.oneCustomer')}</Alert>}
      <PagedListCard list={list} searchPlaceholder={t('paymentReception.search')} loading={rows.isPending} total={total}
        filters={
          <Group gap="sm">
            <SegmentedControl aria-label={t('paymentReception.statusLabel')} value={String(status)}
              onChange={(v) => { setStatus(Number(v) as MotherStatus); setSelected(new Map()); list.setPage(1); }}
              data={[{ value: '1', label: t('paymentReception.status.1') }, { value: '2', label: t('paymentReception.status.2') }]} />
            {status === 1 && (
              <Checkbox label={t('paymentReception.multipleOnly')} checked={multiple} onChange={(e) => { setMultiple(e.currentTarget.checked); list.setPage(1); }} />
            )}
          </Group>
        }
        emptyText={list.query ? t('paymentReception.emptySearch') : t(status === 1 ? 'paymentReception.emptyPending' : 'paymentReception.emptyPaid')}
        totalText={t('paymentReception.total', { count: total })}>
        <MothersTable rows={rows.data?.data ?? []} pending={status === 1} selected={new Set(selected.keys())} onToggle={toggle}
          onPay={(r) => setPaying([r])} onPayments={setShowing} />
      </PagedListCard>
      <ApplyPaymentModal rfc={rfc} invoices={paying} onClose={close} />
      <PaymentsDrawer rfc={rfc} invoice={showing} onClose={() => setShowing(null)} />
    </Stack>
  );
}
