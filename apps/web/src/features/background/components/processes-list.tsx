import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { backgroundProcessesQuery } from '../api/background-processes';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { formatDateTime } from '../../../shared/format/dates';

/** Background processes of the user (GET /api/background/process) with live bars. */
export function ProcessesList() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Logout clears the session before the page leaves: without `enabled` the re-render would ask for the
  // processes of "no one" and get a 401 (issue 18).
  const q = useQuery({ ...backgroundProcessesQuery(user?.username ?? ''), enabled: Boolean(user) });
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="processes-card">
      <Group gap="xs" mb="md">
        <IconActivity size={20} color="var(--mantine-color-indigo-6)" />
        <Title order={4}>{t('dashboard.processesTitle')}</Title>
      </Group>
      {q.isPending && <Loader size="sm" />}
      {q.isError && <Alert color="red">{t('dashboard.processesFailed')}</Alert>}
      {q.data && q.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('dashboard.processesEmpty')}
        </Text>
      )}
      <Stack gap="md">
        {q.data?.map((p) => (
          <Stack key={p.id} gap={4}>
            <Group gap="xs">
              <Badge variant="light" size="sm">
                {t(`jobs.types.${p.type}`, { defaultValue: p.type })}
              </Badge>
              {p.month && p.year && (
                <Text size="xs" c="dimmed">
                  {t('jobs.period', { month: p.month, year: p.year })}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('jobs.updated', { date: formatDateTime(p.last_update) })}
              </Text>
            </Group>
            <JobProgressBar jobId={p.id} initial={p} />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
