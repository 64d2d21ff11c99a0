import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConstanciaProposal } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { onLive } from '../../../shared/socket/live-channel';
import { showAlert } from '../../../shared/ui/toasts';
import { applyConstancia, requestConstancia } from '../api/sat-status-api';

/**
 * "Obtener del SAT" (issue 15 §5): the CSF / CIF as a live background process with the CIEC or e.firma on
 * file; when the constancia differs from the profile, offers to take its régimen and código postal.
 */
export function ConstanciaButtons({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [job, setJob] = useState<{ id: string; tipo: 'CSF' | 'CIF' } | null>(null);
  const [proposal, setProposal] = useState<ConstanciaProposal | null>(null);
  const start = useMutation({
    mutationFn: (tipo: 'CSF' | 'CIF') => requestConstancia(tipo).then((r) => ({ ...r, tipo })),
    onSuccess: (r) => { setProposal(null); setJob({ id: r.id, tipo: r.tipo }); },
    onError: (e) => showAlert(false, (isApiError(e) ? e.body?.message : null) ?? t('satStatus.failed')),
  });
  const apply = useMutation({
    mutationFn: () => applyConstancia(proposal!.certificateId),
    onSuccess: (r) => { showAlert(true, r.message); setProposal(null); onDone(); },
  });
  useEffect(() => {
    if (!job) return;
    return onLive((_event, msg) => {
      if (msg.jobId !== job.id || !msg.finished || msg.code !== 200) return;
      const data = msg.data as { proposal?: ConstanciaProposal } | null;
      if (data?.proposal?.cambios) setProposal(data.proposal);
    });
  }, [job]);
  const finished = useCallback(() => onDone(), [onDone]);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="light" leftSection={<IconCloudDownload size={16} />} loading={start.isPending} onClick={() => start.mutate('CSF')} data-testid="csf-obtain">
          {t('satStatus.constancia.obtain')}
        </Button>
        <Button variant="subtle" loading={start.isPending} onClick={() => start.mutate('CIF')}>{t('satStatus.constancia.obtainCif')}</Button>
      </Group>
      {job && <JobProgressBar jobId={job.id} onFinished={finished} />}
      {proposal && (
        <Alert color="yellow" data-testid="csf-proposal">
          <Text size="sm" mb="xs">{t('satStatus.constancia.differs', { regimen: proposal.regimen.constancia ?? '—', cp: proposal.cp.constancia ?? '—' })}</Text>
          <Button size="xs" loading={apply.isPending} onClick={() => apply.mutate()}>{t('satStatus.constancia.apply')}</Button>
        </Alert>
      )}
    </Stack>
  );
}
