import { useCallback, useState } from 'react';
import { Alert, Button, Card, FileInput, Group, List, Select, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { depositDraft, type InvoiceDraftState } from '../../invoicing/public';
import type { ComplementsState, Movement, StatementImportState } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import {
  bankAccountsQuery, bankKeys, complementsState, depositCustomer, ignoreMovement, importState, importStatement, markNoCfdi, movementsQuery, reconcile, stampComplements, undoMovement,
} from '../api/bank-api';
import { AccountForm } from '../components/account-form';
import { AgingCard } from '../components/aging-card';
import { ChangeModal } from '../components/change-modal';
import { MappingModal } from '../components/mapping-modal';
import { MonthsStrip } from '../components/months-strip';
import { MovementsTable } from '../components/movements-table';
import { RequestInvoiceModal } from '../components/request-invoice-modal';
import { SplitModal } from '../components/split-modal';
import '../texts';

/**
 * /bancos (issue 27): the account's bank accounts, a statement import with live progress, and each movement
 * with the CFDI it pays (proposal and confidence): accept, change, split or mark "sin CFDI"; then stamp the
 * payment complements of every accepted PPD deposit in one background job.
 */
export function BankPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accounts = useQuery(bankAccountsQuery(rfc));
  const [picked, setPicked] = useState<number | null>(null);
  const cuenta = picked ?? accounts.data?.data[0]?.id ?? null;
  const [adding, setAdding] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [importJob, setImportJob] = useState<string | null>(null);
  const [imported, setImported] = useState<StatementImportState | null>(null);
  const [repJob, setRepJob] = useState<string | null>(null);
  const [repResult, setRepResult] = useState<ComplementsState | null>(null);
  const [changing, setChanging] = useState<Movement | null>(null);
  const [splitting, setSplitting] = useState<Movement | null>(null);
  const [mapping, setMapping] = useState(false);
  const [asking, setAsking] = useState<Movement | null>(null);
  const movements = useQuery({ ...movementsQuery(rfc, cuenta ?? 0, {}), enabled: cuenta !== null });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: bankKeys.all(rfc) }), [queryClient, rfc]);
  const fail = (e: unknown) => toastError(isApiError(e) ? formatApiErrorLines(e.body) : [t('toast.error.text')]);

  const upload = useMutation({
    mutationFn: () => importStatement(cuenta!, file!),
    onSuccess: (r) => { setImported(null); setImportJob(r.id); },
    onError: fail,
  });
  const act = useMutation({
    mutationFn: async ({ kind, m }: { kind: 'accept' | 'none' | 'ignore' | 'undo'; m: Movement }) => {
      if (kind === 'accept') return reconcile(m.id, { cfdis: m.propuesta.map((p) => ({ uuid: p.uuid, importe: p.importe })), formaPago: '03' });
      return kind === 'none' ? markNoCfdi(m.id) : kind === 'ignore' ? ignoreMovement(m.id) : undoMovement(m.id);
    },
    onSuccess: refresh,
    onError: fail,
  });
  // "Facturar este depósito": the draft, with the customer when the deposit names one (issue 27 §4).
  const invoiceDeposit = useMutation({
    mutationFn: async (m: Movement) => ({ m, found: await depositCustomer(m.id) }),
    onSuccess: ({ m, found }) => {
      if (found) toastSuccess(t(`bank.depositCustomer.${found.cliente.motivo}`, { nombre: found.cliente.nombre }));
      const draft = depositDraft(m.deposito!, m.fecha, m.referencia);
      navigate('/invoicing/add', { state: (found ? { draft, client: found.client } : { draft }) satisfies InvoiceDraftState });
    },
    onError: fail,
  });
  const stamp = useMutation({
    mutationFn: (ids: number[]) => stampComplements(ids),
    onSuccess: (r) => { setRepResult(null); setRepJob(r.id); },
    onError: fail,
  });
  const onImportDone = useCallback(async () => {
    if (importJob) setImported(await importState(importJob));
    await refresh();
  }, [importJob, refresh]);
  const onRepDone = useCallback(async () => {
    if (repJob) setRepResult(await complementsState(repJob));
    await refresh();
  }, [repJob, refresh]);

  const rows = movements.data?.data ?? [];
  const pendingReps = rows.filter((m) => m.complementoPendiente).map((m) => m.id);
  const list = accounts.data?.data ?? [];
  const current = list.find((a) => a.id === cuenta) ?? null;
  const isTabular = !!file && /\.(csv|xlsx|txt)$/i.test(file.name);

  return (
    <Stack gap="md">
      <PageHeader title={t('bank.title')} action={<Button leftSection={<IconBuildingBank size={16} />} onClick={() => setAdding(true)} data-testid="bank-add-account">{t('bank.newAccount')}</Button>} />
      <Text size="sm" c="dimmed">{t('bank.intro')}</Text>
      {!list.length && !accounts.isPending && <Alert variant="light">{t('bank.noAccounts')}</Alert>}
      {list.length > 0 && (
        <Card withBorder>
          <Stack>
            <Group align="flex-end">
              <Select label={t('bank.account')} w={360} allowDeselect={false} value={cuenta ? String(cuenta) : null} onChange={(v) => setPicked(v ? Number(v) : null)}
                data={list.map((a) => ({ value: String(a.id), label: `${a.bancoNombre} · ${a.clabe} · ${a.moneda}` }))} data-testid="bank-account-select" />
              <FileInput label={t('bank.statementFile')} placeholder={t('bank.statementHint')} accept=".xml,.ofx,.qfx,.csv,.xlsx" value={file} onChange={setFile} w={280} data-testid="bank-file" />
              <Button leftSection={<IconUpload size={16} />} disabled={!file || !cuenta} loading={upload.isPending} onClick={() => upload.mutate()} data-testid="bank-import">{t('bank.import')}</Button>
              <Button variant="default" disabled={!cuenta} onClick={() => setMapping(true)}>{t('bank.mapping')}</Button>
            </Group>
            {isTabular && !current?.mapeo && <Alert color="yellow" variant="light">{t('bank.needsMapping')}</Alert>}
            {importJob && <JobProgressBar key={importJob} jobId={importJob} onFinished={onImportDone} />}
            {imported && (
              <Alert color={imported.status === 'failed' ? 'red' : imported.advertencias.length ? 'yellow' : 'teal'} variant="light" data-testid="bank-import-result">
                <Text size="sm">{imported.status === 'failed' ? imported.mensaje : t('bank.importSummary', { importados: imported.importados, duplicados: imported.duplicados, rechazados: imported.rechazados.length })}</Text>
                <List size="xs">
                  {imported.advertencias.map((w) => <List.Item key={w}>{w}</List.Item>)}
                  {imported.rechazados.slice(0, 20).map((r) => <List.Item key={r.linea}>{`${r.linea}: ${r.motivo}`}</List.Item>)}
                </List>
              </Alert>
            )}
          </Stack>
        </Card>
      )}
      {cuenta && (
        <Card withBorder>
          <Stack>
            <Group justify="space-between">
              <Text fw={600}>{t('bank.movements', { count: rows.length })}</Text>
              <Button disabled={!pendingReps.length} loading={stamp.isPending} onClick={() => stamp.mutate(pendingReps)} data-testid="bank-stamp">
                {t('bank.stampReps', { count: pendingReps.length })}
              </Button>
            </Group>
            <MonthsStrip rfc={rfc} cuenta={cuenta} anio={Number((rows[rows.length - 1]?.fecha ?? new Date().toISOString()).slice(0, 4))} />
            {repJob && <JobProgressBar key={repJob} jobId={repJob} onFinished={onRepDone} />}
            {repResult && (
              <Alert color={repResult.errores.length ? 'yellow' : 'teal'} variant="light" data-testid="bank-rep-result">
                <Text size="sm">{t('bank.repSummary', { count: repResult.timbrados })}</Text>
                <List size="xs">{repResult.errores.map((e) => <List.Item key={e.movimiento}>{e.mensaje}</List.Item>)}</List>
              </Alert>
            )}
            <MovementsTable rows={rows} busy={act.isPending || invoiceDeposit.isPending} actions={{
              onAccept: (m) => act.mutate({ kind: 'accept', m }), onChange: setChanging, onSplit: setSplitting,
              onNoCfdi: (m) => act.mutate({ kind: 'none', m }), onIgnore: (m) => act.mutate({ kind: 'ignore', m }), onUndo: (m) => act.mutate({ kind: 'undo', m }),
              onRequestInvoice: setAsking, onInvoiceDeposit: (m) => invoiceDeposit.mutate(m),
            }} />
          </Stack>
        </Card>
      )}
      <AgingCard rfc={rfc} />
      <AccountForm rfc={rfc} opened={adding} onClose={() => setAdding(false)} onCreated={setPicked} />
      <ChangeModal rfc={rfc} movement={changing} onClose={() => setChanging(null)} onSaved={refresh} />
      {mapping && <MappingModal rfc={rfc} account={current} file={isTabular ? file : null} onClose={() => setMapping(false)} />}
      <RequestInvoiceModal movement={asking} onClose={() => setAsking(null)} />
      <SplitModal movement={splitting} onClose={() => setSplitting(null)} onSaved={refresh} />
    </Stack>
  );
}
