import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, List, Modal, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconFileImport, IconFileZip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IMPORT_LIMITS, MONTHS, type ImportState } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { setPeriod } from '../../../shared/period/period-store';
import { useSession } from '../../../shared/session/session-store';
import { CountFigure } from '../../../shared/ui/count-figure';
import { importStateQuery, startImport } from '../api/cfdi-import-api';

const MB = (n: number) => Math.round(n / (1024 * 1024));
/** Query keys refreshed when an import ends: every list the imported documents feed. */
const FED_AREAS = ['outcomes', 'incomes', 'dashboard', 'credit-notes', 'payment-reception', 'retentions'];

/** "Importar XML": a button that opens the import dialog (used on /outcomes and /incomes). */
export function ImportCfdiButton({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} leftSection={<IconFileImport size={16} />} onClick={() => setOpen(true)}>{t('cfdiImport.button')}</Button>
      <ImportCfdiDialog opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * Issue 13 §1 in the browser: pick .xml and .zip files, upload them, follow the background import on the live
 * progress bar, then show what was imported, what was already there and each refused file with its reason.
 */
export function ImportCfdiDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = useQuery({ ...importStateQuery(rfc, jobId ?? '-'), enabled: Boolean(jobId) });
  const finished = state.data?.status === 'done' || state.data?.status === 'failed';

  const start = useMutation({
    mutationFn: () => startImport(files),
    onSuccess: ({ id }) => setJobId(id),
    onError: (e) => setError(isApiError(e) ? formatApiErrorLines(e.body).join(' ') || t('cfdiImport.failed') : t('cfdiImport.failed')),
  });
  useEffect(() => {
    // The list screens behind the dialog show the new documents without a reload.
    if (finished) for (const area of FED_AREAS) void queryClient.invalidateQueries({ queryKey: [area, rfc] });
  }, [finished, queryClient, rfc]);

  const reset = () => {
    setFiles([]);
    setJobId(null);
    setError(null);
    start.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const tooLarge = files.reduce((s, f) => s + f.size, 0) > IMPORT_LIMITS.maxUploadBytes;

  return (
    <Modal opened={opened} onClose={close} title={t('cfdiImport.title')} size="lg" centered>
      <Stack gap="md">
        {!jobId && (
          <form onSubmit={(e) => { e.preventDefault(); if (files.length) start.mutate(); }}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">{t('cfdiImport.hint', { files: IMPORT_LIMITS.maxFiles, mb: MB(IMPORT_LIMITS.maxUploadBytes) })}</Text>
              <FileInput multiple clearable accept=".xml,.zip,text/xml,application/xml,application/zip" label={t('cfdiImport.files')}
                placeholder={t('cfdiImport.pick')} leftSection={<IconFileZip size={16} />} value={files} data-testid="import-files"
                onChange={(v) => { setFiles(v); setError(null); }} error={tooLarge ? t('cfdiImport.tooLarge', { mb: MB(IMPORT_LIMITS.maxUploadBytes) }) : error} />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>{t('incomes.close')}</Button>
                <Button type="submit" loading={start.isPending} disabled={files.length === 0 || tooLarge}>{t('cfdiImport.start')}</Button>
              </Group>
            </Stack>
          </form>
        )}
        {jobId && (
          <>
            <JobProgressBar key={jobId} jobId={jobId} />
            {finished && state.data && <ImportResult state={state.data} onGo={close} />}
            <Group justify="flex-end">
              {finished && <Button variant="light" onClick={reset}>{t('cfdiImport.again')}</Button>}
              <Button variant={finished ? 'filled' : 'default'} onClick={close}>{finished ? t('cfdiImport.done') : t('cfdiImport.background')}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * Imported, duplicated and each refused file with its Spanish reason (duplicates are listed among the rejections
 * by the API); then where the imported CFDI went, each with a link to that month's Ingresos or Gastos list (the
 * link selects the month in the period filter; `onGo` closes the dialog).
 */
export function ImportResult({ state, onGo }: { state: ImportState; onGo?: () => void }) {
  const { t } = useTranslation();
  const refused = state.rejected.filter((r) => !r.reason.startsWith('Duplicado'));
  return (
    <Stack gap="sm" data-testid="import-result" data-status={state.status}>
      {state.status === 'failed' && <Alert color="red" title={t('cfdiImport.failedTitle')}>{state.message}</Alert>}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <CountFigure label={t('cfdiImport.imported')} value={state.imported} color="teal" testId="import-imported" />
        <CountFigure label={t('cfdiImport.duplicated')} value={state.duplicated} color="gray" testId="import-duplicated" />
        <CountFigure label={t('cfdiImport.rejected')} value={refused.length} color="red" testId="import-rejected" />
      </SimpleGrid>
      {(state.destinations ?? []).length > 0 && (
        <Stack gap={4} data-testid="import-destinations">
          <Text size="sm" fw={600}>{t('cfdiImport.whereTitle')}</Text>
          {state.destinations!.map((d) => {
            const issued = d.direction === 'emitido';
            const month = MONTHS[d.month - 1]!.toLowerCase();
            return (
              <Group key={`${d.direction}-${d.year}-${d.month}`} gap="xs" wrap="wrap" data-testid={`import-destination-${d.direction}-${d.year}-${d.month}`}>
                <Text size="sm">{t(issued ? 'cfdiImport.whereIssued' : 'cfdiImport.whereReceived', { count: d.count, month, year: d.year })}</Text>
                <Anchor component={Link} to={issued ? '/incomes' : '/outcomes'} size="sm"
                  onClick={() => { setPeriod({ year: d.year, month: d.month }); onGo?.(); }}>
                  <Group gap={4} wrap="nowrap" component="span">{t(issued ? 'cfdiImport.goIncomes' : 'cfdiImport.goOutcomes')}<IconArrowRight size={14} /></Group>
                </Anchor>
              </Group>
            );
          })}
        </Stack>
      )}
      {state.rejected.length > 0 && (
        <ScrollArea.Autosize mah={220}>
          <List size="sm" spacing={4} data-testid="import-rejections">
            {state.rejected.map((r, i) => (
              <List.Item key={`${r.file}-${i}`}>
                <Text size="sm" span fw={600} style={{ wordBreak: 'break-all' }}>{r.file}</Text>
                <Text size="sm" span c="dimmed">: {r.reason}</Text>
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
