import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Modal, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconMail, IconPlus, IconRefresh, IconRubberStamp } from '@tabler/icons-react';
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
import {
  cancelReceipt, deletePrenomina, prenominaQuery, prenominasQuery, prePayrollKeys, releasePrenomina, retryPrenomina, reviewQuery, sendReceipts, stampBalanceQuery, toggleDetail,
} from '../api/pre-payroll-api';
import { confirmBulkStamp } from '../model/confirm-stamp';
import { CreatePrenominaDrawer } from '../components/create-prenomina-drawer';
import { DetallesTable, type DetailAction } from '../components/detalles-table';
import { EditDetailModal } from '../components/edit-detail-modal';
import { PrenominasTable, type PrenominaItem } from '../components/prenominas-table';
import '../texts';

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
  const [releaseError, setReleaseError] = useState<string[] | null>(null);
  const [cancelling, setCancelling] = useState<PrenominaDetalle | null>(null);
  const [motivo, setMotivo] = useState<'01' | '02'>('02');
  const review = useQuery(reviewQuery(rfc, id));
  const stamps = useQuery(stampBalanceQuery(rfc));
  const refresh = () => queryClient.invalidateQueries({ queryKey: prePayrollKeys.all(rfc) });
  // A 422 lists what SAT would refuse per employee (errors["detalle.<id>"]); show every line.
  const showError = (e: unknown) => {
    if (!isApiError(e)) return setReleaseError([t('toast.error.text')]);
    const lines = Object.values(e.body.errors ?? {}).flat();
    setReleaseError([e.body.message ?? t('toast.error.text'), ...lines]);
    void refresh();
  };

  const toggle = useMutation({ mutationFn: (d: PrenominaDetalle) => toggleDetail(d.id), onSuccess: (r) => { toastSuccess(r.message); void refresh(); } });
  const release = useMutation({
    mutationFn: () => releasePrenomina(id),
    onSuccess: (r) => { setReleaseError(null); setJobId(r.processId); },
    onError: showError,
  });
  const retry = useMutation({
    mutationFn: () => retryPrenomina(id),
    onSuccess: (r) => { setReleaseError(null); setJobId(r.processId); void refresh(); },
    onError: showError,
  });
  const mail = useMutation({
    mutationFn: () => sendReceipts(id),
    onSuccess: (r) => { toastSuccess(r.message); void refresh(); },
    onError: showError,
  });
  const cancel = useMutation({
    mutationFn: (v: { d: PrenominaDetalle; motivo: '01' | '02' }) => cancelReceipt(v.d.id, v.motivo),
    onSuccess: (r) => { setCancelling(null); toastSuccess(r.message); void refresh(); },
    onError: (e) => { setCancelling(null); showError(e); },
  });

  const onAction = (a: DetailAction, d: PrenominaDetalle) => {
    const failed = () => toastError();
    switch (a) {
      case 'edit': return setEditing(d);
      case 'pdf': return void viewPdf(d.uuid!).catch(failed);
      case 'xml': return void downloadXml(d.uuid!, `nomina-${d.empleado.no_empleado}`).catch(failed);
      case 'cancel': setMotivo('02'); return setCancelling(d);
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
  const failedCount = details.filter((d) => d.status === PAYROLL_DETAIL_STATUS.error).length;
  const stampedCount = details.filter((d) => d.status === PAYROLL_DETAIL_STATUS.stamped).length;
  const problems = review.data?.problemas ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>{t('prePayroll.back')}</Button>
        <Group gap="xs">
          {stampedCount > 0 && (
            <Button variant="light" leftSection={<IconMail size={16} />} loading={mail.isPending} onClick={() => mail.mutate()}>{t('prePayroll.run.mail')}</Button>
          )}
          {failedCount > 0 && (
            <Button variant="light" color="orange" leftSection={<IconRefresh size={16} />} loading={retry.isPending}
              onClick={() => confirmBulkStamp(failedCount, stamps.data?.balance, () => retry.mutate())}>{t('prePayroll.run.retry', { count: failedCount })}</Button>
          )}
          <Button leftSection={<IconRubberStamp size={16} />} disabled={!pending || Boolean(jobId && !release.isError && !retry.isError)} loading={release.isPending}
            onClick={() => confirmBulkStamp(pending, stamps.data?.balance, () => release.mutate())}>{t('prePayroll.stamp', { count: pending })}</Button>
        </Group>
      </Group>
      {p.data && (
        <Group gap="sm" align="center">
          <Title order={2}>{t('prePayroll.viewTitle', { from: formatDay(p.data.fecha_inicial_pago), to: formatDay(p.data.fecha_final_pago) })}</Title>
          <Badge variant="light" data-testid="prenomina-kind">{t(`prePayroll.kinds.${p.data.tipo_pago}`)}</Badge>
          {p.data.tipo_pago !== 'ordinaria' && <Badge variant="outline" data-testid="prenomina-method">{t(`prePayroll.metodos.${p.data.metodo_isr}`)}</Badge>}
          {p.data.zona_salario === 'frontera' && <Badge variant="outline" color="grape">{t('prePayroll.run.frontera')}</Badge>}
        </Group>
      )}
      {problems.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('prePayroll.run.problemsTitle', { count: problems.length })} data-testid="payroll-problems">
          <Text size="sm" mb="xs">{t('prePayroll.run.problemsText')}</Text>
          <List size="sm" spacing={4}>
            {problems.map((x) => (
              <List.Item key={x.id} data-testid={`problem-${x.no_empleado}`}><b>{x.no_empleado} · {x.nombre}:</b> {x.errores.join('; ')}</List.Item>
            ))}
          </List>
        </Alert>
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
      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title={t('prePayroll.run.cancelTitle', { name: cancelling?.empleado.nombre ?? '' })}>
        <Stack gap="sm">
          <Text size="sm" ff="monospace">{cancelling?.uuid}</Text>
          <Radio.Group value={motivo} onChange={(v) => setMotivo(v as '01' | '02')} label={t('prePayroll.run.motivo')}>
            <Stack gap={6} mt={4}>
              <Radio value="02" label={t('prePayroll.run.motivo02')} />
              <Radio value="01" label={t('prePayroll.run.motivo01')} />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>{t('prePayroll.edit.cancel')}</Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancelling && cancel.mutate({ d: cancelling, motivo })}>{t('prePayroll.run.cancelConfirm')}</Button>
          </Group>
        </Stack>
      </Modal>
      <EditDetailModal detail={editing} onClose={() => setEditing(null)} onSaved={() => { toastSuccess(t('prePayroll.edit.saved')); void refresh(); }} />
    </Stack>
  );
}
