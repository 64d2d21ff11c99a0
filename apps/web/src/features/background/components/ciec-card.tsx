import { useCallback, useState } from 'react';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ciecSchema } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { startCiecValidation } from '../api/background-processes';
import { JobProgressBar } from './job-progress-bar';

/** "Validar CIEC" card: starts the real background job and follows it live. */
export function CiecCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [ciec, setCiec] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: startCiecValidation,
    onSuccess: (res) => {
      setJobId(res.id);
      setCiec('');
      // The new process shows in the background list at once, following the same live events.
      void queryClient.invalidateQueries({ queryKey: ['background', user?.username ?? ''] });
    },
  });
  const onFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['background', user?.username ?? ''] });
  }, [queryClient, user?.username]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ciecSchema.safeParse({ ciec });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    setJobId(null);
    start.mutate(parsed.data.ciec);
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="ciec-card">
      <Group gap="xs" mb={4}>
        <IconShieldCheck size={20} color="var(--mantine-color-teal-6)" />
        <Title order={4}>{t('dashboard.ciecTitle')}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('dashboard.ciecText')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput label={t('dashboard.ciecLabel')} value={ciec} onChange={(e) => setCiec(e.currentTarget.value)} error={error} autoComplete="off" />
          <Button type="submit" loading={start.isPending} leftSection={<IconShieldCheck size={16} />}>
            {t('dashboard.ciecSubmit')}
          </Button>
          {jobId && <JobProgressBar key={jobId} jobId={jobId} onFinished={onFinished} />}
        </Stack>
      </form>
    </Card>
  );
}
