import { useEffect, useState } from 'react';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLoader2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BackgroundProcess, ProcessType, ProgressMessage } from '@facturo/contract';
import { sessionRoutes } from '@facturo/contract/routes/session';
import { call } from '../api/call';
import { lastLiveMessage, onLive, onLiveConnected, type LiveEvent } from '../socket/live-channel';
import { catchUp, initialJobState, messageMatches, reduceJob, type JobState } from './job-state';

export interface JobProgressBarProps {
  /** Follow one job (as returned by the endpoint that started it). */
  jobId?: string;
  /** Or follow the latest job of a type (CIEC, CIF, CSF, DOWNLOAD_INVOICES...). */
  type?: ProcessType;
  /** Last known state (from GET /api/background/process) shown until the socket speaks. */
  initial?: Pick<BackgroundProcess, 'progress' | 'finished' | 'code' | 'title' | 'message' | 'warning'>;
  onFinished?: (state: JobState) => void;
}

function fromInitial(p: JobProgressBarProps['initial']): JobState {
  if (!p) return initialJobState;
  const status = p.code === 500 ? 'failed' : p.finished ? 'success' : p.progress > 0 ? 'running' : 'pending';
  return { status, progress: p.finished ? 100 : p.progress, title: p.title, message: p.message, warning: p.warning, retrying: false };
}

const colorOf = { pending: 'gray', running: 'blue', success: 'teal', failed: 'red' } as const;

/** Live progress of a background job, fed by the socket (rfc-filtered by the live channel). */
export function JobProgressBar({ jobId, type, initial, onFinished }: JobProgressBarProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<JobState>(() => fromInitial(initial));

  const fromServer = Boolean(initial);
  useEffect(() => {
    let mounted = true;
    const fold = (step: (prev: JobState) => JobState) => setState((prev) => {
      const next = step(prev);
      const ended = next !== prev && (next.status === 'success' || next.status === 'failed');
      if (ended) queueMicrotask(() => onFinished?.(next));
      return next;
    });
    const apply = (event: LiveEvent, msg: ProgressMessage) => {
      if (messageMatches(event, msg, { jobId, type })) fold((prev) => reduceJob(prev, msg));
    };
    const stop = onLive(apply);
    // Catch up with what the job said before this bar existed.
    const seen = jobId ? lastLiveMessage(jobId) : null;
    if (seen) apply(seen.event, seen.msg);
    if (!jobId) return stop;
    // What the socket missed (sent before it connected, or while it was reconnecting) is not replayed:
    // the job's record on the server says where it got to.
    const resync = () => {
      call(sessionRoutes['background.show'], { params: { id: jobId }, passThrough: true })
        .then((p) => { if (mounted) fold((prev) => catchUp(prev, p)); })
        .catch(() => undefined);
    };
    const stopResync = onLiveConnected(resync);
    if (!seen && !fromServer) resync();
    return () => { mounted = false; stop(); stopResync(); };
  }, [jobId, type, onFinished, fromServer]);

  const Icon = state.status === 'success' ? IconCircleCheck : state.status === 'failed' ? IconAlertTriangle : IconLoader2;
  return (
    <Stack gap={4} data-testid="job-progress" data-status={state.status} data-progress={state.progress} data-retrying={state.retrying || undefined}>
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          <Icon size={16} color={`var(--mantine-color-${colorOf[state.status]}-6)`} />
          <Text size="sm" fw={600}>
            {state.title || t(`jobs.status.${state.status}`)}
          </Text>
        </Group>
        <Group gap={6}>
          {state.retrying && (
            <Badge size="sm" color="orange" variant="light" data-testid="job-retrying">
              {t('jobs.retrying')}
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {state.progress}%
          </Text>
        </Group>
      </Group>
      <Progress
        value={state.progress}
        color={colorOf[state.status]}
        striped={state.status === 'running'}
        animated={state.status === 'running'}
        aria-label={t('jobs.progressLabel')}
        transitionDuration={200}
      />
      {state.message && (
        <Text size="xs" c={state.status === 'failed' ? 'red' : 'dimmed'}>
          {state.message}
        </Text>
      )}
      {state.warning && (
        <Text size="xs" c="yellow.8">
          {state.warning}
        </Text>
      )}
    </Stack>
  );
}
