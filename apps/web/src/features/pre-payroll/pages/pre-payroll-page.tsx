import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus, IconRubberStamp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Decimal, formatMoney } from '@facturo/cfdi/money';
import { PAYROLL_DETAIL_STATUS, type PrenominaDetalle } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatDay } from '../../../shared/format/dates';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { useSession } from '../../../shared/session/session-store';
import { confirmAction, useConfirmedMutation } from '../../../shared/ui/confirm';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { downloadXml, viewPdf } from '../../invoicing/public';
import { deletePrenomina, prenominaQuery, prenominasQuery, prePayrollKeys, releasePrenomina, toggleDetail } from '../api/pre-payroll-api';
import { CreatePrenominaDrawer } from '../components/create-prenomina-drawer';
import { DetallesTable, type DetailAction } from '../components/detalles-table';
import { EditDetailModal } from '../components/edit-detail-modal';
import { PrenominasTable, type PrenominaItem } from '../components/prenominas-table';

/** /pre-payroll (spec §2.7, §4, §7.11): the list; `?id=` opens one pre-payroll to review and stamp. */
export function PrePayrollPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  return id > 0 ? <PrenominaView id={id} onBack={() => setParams({})} /> : <PrenominaList stamped={false} onOpen={(p) => setParams({ id: String(p) })} />;
}

/** The pre-payrolls; with `stamped` the "Lista de nóminas" of /payroll (only runs with stamped receipts). */
export function PrenominaList({ stamped, onOpen }: { stamped: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const list = usePagedList(stamped ? 'payroll-runs' : 'pre-payroll');
  const [drawer, setDrawer] = useState(false);
  const rows = useQuery(prenominasQuery(rfc, { page: list.page, perPage: list.perPage, timbradas: stamped }));
  const remove = useConfirmedMutation({
    mutationFn: (p: PrenominaItem) => deletePrenomina(p.id),
    invalidate: prePayrollKeys.all(rfc),
    done: (r) => r.message,
    ask: () => ({ title: t('prePayroll.confirmDelete.title'), text: t('prePayroll.confirmDelete.text'), confirm: t('prePayroll.confirmDelete.confirm'), cancel: t('prePayroll.edit.cancel'), color: 'red' }),
  });
  const total = rows.data?.total ?? 0;
  return (
    <Stack gap="md">
      <PageHeader title={t(stamped ? 'prePayroll.runsTitle' : 'prePayroll.title')}
        action={stamped ? undefined : <Button leftSection={<IconPlus size={16} />} onClick={() => setDrawer(true)}>{t('prePayroll.new')}</Button>} />
      <PagedListCard list={list} searchPlaceholder={t('prePayroll.searchNone')} loading={rows.isPending} total={total}
        emptyText={t(stamped ? 'prePayroll.runsEmpty' : 'prePayroll.empty')} totalText={t('prePayroll.total', { count: total })}>
        <PrenominasTable rows={rows.data?.data ?? []} onOpen={(p) => onOpen(p.id)} onDelete={stamped ? undefined : remove} />
      </PagedListCard>
      {!stamped && <CreatePrenominaDrawer rfc={rfc} opened={drawer} onClose={() => setDrawer(false)} onCreated={(newId) => { setDrawer(false); onOpen(newId); }} />}
    </Stack>
  );
}

function PrenominaView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const p = useQuery(prenominaQuery(rfc, id));
  const [editing, setEditing] = useState<PrenominaDetalle | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: prePayrollKeys.all(rfc) });

  const toggle = useMutation({ mutationFn: (d: PrenominaDetalle) => toggleDetail(d.id), onSuccess: (r) => { toastSuccess(r.message); void refresh(); } });
  const release = useMutation({
    mutationFn: () => releasePrenomina(id),
    onSuccess: (r) => { setReleaseError(null); setJobId(r.processId); },
    onError: (e) => setReleaseError(isApiError(e) && e.body.message ? e.body.message : t('toast.error.text')),
  });

  const onAction = (a: DetailAction, d: PrenominaDetalle) => {
    const failed = () => toastError();
    switch (a) {
      case 'edit': return setEditing(d);
      case 'pdf': return void viewPdf(d.uuid!).catch(failed);
      case 'xml': return void downloadXml(d.uuid!, `nomina-${d.empleado.no_empleado}`).catch(failed);
      case 'toggle':
        if (d.status === PAYROLL_DETAIL_STATUS.disabled) return toggle.mutate(d);
        return confirmAction({
          title: t('prePayroll.disable'), text: `¿Desea deshabilitar el registro ${d.empleado.nombre}?`,
          confirm: t('prePayroll.disable'), cancel: t('prePayroll.edit.cancel'), color: 'orange', onConfirm: () => toggle.mutate(d),
        });
    }
  };

  const details = p.data?.detalle_nomina ?? [];
  const counted = details.filter((d) => d.status !== PAYROLL_DETAIL_STATUS.disabled);
  const sum = (f: (d: PrenominaDetalle) => string) => counted.reduce((acc, d) => acc.plus(f(d)), new Decimal(0)).toFixed(2);
  const pending = details.filter((d) => d.status === PAYROLL_DETAIL_STATUS.pending).length;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>{t('prePayroll.back')}</Button>
        <Button leftSection={<IconRubberStamp size={16} />} disabled={!pending || Boolean(jobId && !release.isError)} loading={release.isPending}
          onClick={() => release.mutate()}>{t('prePayroll.stamp', { count: pending })}</Button>
      </Group>
      {p.data && (
        <Title order={2}>{t('prePayroll.viewTitle', { from: formatDay(p.data.fecha_inicial_pago), to: formatDay(p.data.fecha_final_pago) })}</Title>
      )}
      <FormAlert message={releaseError} testId="release-error" />
      {jobId && (
        <Card withBorder radius="md">
          <JobProgressBar key={jobId} jobId={jobId} onFinished={() => { void refresh(); }} />
        </Card>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {[
          ['percepciones', sum((d) => d.total_percepciones)], ['isr', sum((d) => d.isr)], ['imss', sum((d) => d.imss)], ['neto', sum((d) => d.neto)],
        ].map(([k, v]) => (
          <Card key={k} withBorder radius="md" padding="sm" data-testid={`prenomina-total-${k}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`prePayroll.totals.${k}`)}</Text>
            <Text fw={700}>{formatMoney(v!)}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md">
        <DetallesTable rows={details} onAction={onAction} />
      </Card>
      <EditDetailModal detail={editing} onClose={() => setEditing(null)} onSaved={() => { toastSuccess(t('prePayroll.edit.saved')); void refresh(); }} />
    </Stack>
  );
}
