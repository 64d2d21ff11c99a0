import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MONTHS, type SatDownload, type SatDownloadTipo } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { usePeriod } from '../../../shared/period/period-store';
import { useSession } from '../../../shared/session/session-store';
import { toastError, toastSuccess, toastWarning } from '../../../shared/ui/toasts';
import { CountFigure } from '../../../shared/ui/count-figure';
import { satDownloadQuery, startSatDownload } from '../api/sat-download-api';
import { SatAutoSync } from './sat-auto-sync';
import { DOWNLOAD_STATUS_RESET_MS, FED_AREAS, TIPOS } from '../model/constants';

/**
 * "Descargar del SAT" (issue 15 §1): asks SAT, with the e.firma on file, for the selected month's issued or
 * received CFDI (`tipo` fixed on /incomes and /outcomes, chosen on the dashboard), follows the background
 * process on the live progress bar, toasts its end (done, SAT's warning, failure), refreshes the lists, and
 * clears its state 5 s after it finished (spec §4, §9).
 */
export function SatDownloadButton({ tipo, variant = 'light' }: { tipo?: SatDownloadTipo; variant?: 'filled' | 'light' | 'default' }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const { month, year } = usePeriod();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<SatDownloadTipo>(tipo ?? 'recibidos');
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = useQuery({ ...satDownloadQuery(rfc, jobId ?? '-'), enabled: Boolean(jobId) });
  const finished = state.data?.status === 'done' || state.data?.status === 'failed';

  const start = useMutation({
    mutationFn: () => startSatDownload({ month, year, tipo: tipo ?? chosen }),
    onSuccess: ({ id }) => setJobId(id),
    onError: (e) => setError(isApiError(e) ? formatApiErrorLines(e.body).join(' ') || t('satDownload.failed') : t('satDownload.failed')),
  });

  const reset = () => {
    setJobId(null);
    setError(null);
    start.reset();
  };

  useEffect(() => {
    if (!finished || !state.data) return;
    const d = state.data;
    if (d.status === 'failed') toastError([d.message ?? t('satDownload.failed')], t('satDownload.failedTitle'));
    else if (d.warning) toastWarning(d.warning, t('satDownload.warningTitle'));
    else toastSuccess(d.message ?? t('satDownload.doneTitle'), t('satDownload.doneTitle'));
    for (const area of FED_AREAS) void queryClient.invalidateQueries({ queryKey: [area, rfc] });
    const timer = setTimeout(() => {
      reset();
      setOpened(false);
    }, DOWNLOAD_STATUS_RESET_MS);
    // Runs once per finish (the toast and the reset belong to that moment, not to later renders).
    return () => clearTimeout(timer);
  }, [finished]);

  const which = tipo ?? chosen;
  return (
    <>
      <Button variant={variant} leftSection={<IconCloudDownload size={16} />} onClick={() => setOpened(true)} data-testid="sat-download-button">
        {t('satDownload.button')}
      </Button>
      <Modal opened={opened} onClose={() => { if (!jobId || finished) reset(); setOpened(false); }} title={t('satDownload.title')} centered size="lg">
        <Stack gap="md">
          {!jobId && (
            <>
              {!tipo && (
                <SegmentedControl value={chosen} onChange={(v) => setChosen(v as SatDownloadTipo)} data-testid="sat-download-tipo"
                  data={TIPOS.map((v) => ({ value: v, label: t(`satDownload.tipo.${v}`) }))} />
              )}
              <Text size="sm">{t('satDownload.hint', { tipo: t(`satDownload.tipo.${which}`).toLowerCase(), month: MONTHS[month - 1], year })}</Text>
              <Text size="xs" c="dimmed">{t('satDownload.limits')}</Text>
              {error && <Alert color="red" data-testid="sat-download-error">{error}</Alert>}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setOpened(false)}>{t('satDownload.cancel')}</Button>
                <Button onClick={() => start.mutate()} loading={start.isPending} data-testid="sat-download-start">{t('satDownload.start')}</Button>
              </Group>
              <SatAutoSync />
            </>
          )}
          {jobId && (
            <>
              <JobProgressBar key={jobId} jobId={jobId} />
              {finished && state.data && <DownloadResult d={state.data} />}
              <Group justify="flex-end">
                <Button variant={finished ? 'filled' : 'default'} onClick={() => { if (finished) reset(); setOpened(false); }}>
                  {finished ? t('satDownload.done') : t('satDownload.background')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}

function DownloadResult({ d }: { d: SatDownload }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="sat-download-result" data-status={d.status}>
      {d.status === 'failed' && <Alert color="red" title={t('satDownload.failedTitle')}>{d.message}</Alert>}
      {d.warning && <Alert color="yellow" title={t('satDownload.warningTitle')} data-testid="sat-download-warning">{d.warning}</Alert>}
      {d.status === 'done' && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <CountFigure label={t('satDownload.imported')} value={d.imported} color="teal" testId="sat-download-imported" />
          <CountFigure label={t('satDownload.duplicated')} value={d.duplicated} color="gray" testId="sat-download-duplicated" />
          <CountFigure label={t('satDownload.rejected')} value={d.rejected} color="red" testId="sat-download-rejected" />
        </SimpleGrid>
      )}
      {d.rejections.filter((r) => !r.reason.startsWith('Duplicado')).map((r, i) => (
        <Text key={`${r.file}-${i}`} size="xs"><Text span fw={600} size="xs">{r.file}</Text>: {r.reason}</Text>
      ))}
    </Stack>
  );
}
