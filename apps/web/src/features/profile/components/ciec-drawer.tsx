import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Drawer, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ciecSchema } from '@facturo/contract';
import { startCiecValidation } from '../../background/api/background-processes';
import { JobProgressBar } from '../../background/components/job-progress-bar';
import { ciecQuery, profileKeys } from '../api/profile-api';

/** Side panel for the CIEC: what is on file (status only) and a new one validated live. */
export function CiecDrawer({ rfc, opened, onClose }: { rfc: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ ...ciecQuery(rfc), enabled: opened });
  const [ciec, setCiec] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: startCiecValidation,
    onSuccess: (res) => {
      setJobId(res.id);
      setCiec('');
    },
  });
  const onFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.ciec(rfc) });
  }, [queryClient, rfc]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ciecSchema.safeParse({ ciec });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    setJobId(null);
    start.mutate(parsed.data.ciec);
  };
  const onFile = status.data?.ciec;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('profile.ciec.title')} data-testid="drawer-ciec">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('profile.ciec.text')}
        </Text>
        {onFile ? (
          <Group gap="xs">
            <Badge color={onFile.status === 'valid' ? 'teal' : onFile.status === 'pending' ? 'blue' : 'red'} variant="light">
              {t(`profile.credential.status.${onFile.status}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {onFile.statusMessage}
            </Text>
          </Group>
        ) : (
          <Alert color="gray">{t('profile.ciec.none')}</Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput label={t('profile.ciec.label')} value={ciec} onChange={(e) => setCiec(e.currentTarget.value)} error={error} autoComplete="off" />
            <Button type="submit" loading={start.isPending} leftSection={<IconShieldCheck size={16} />}>
              {t('profile.ciec.submit')}
            </Button>
            {jobId && <JobProgressBar key={jobId} jobId={jobId} onFinished={onFinished} />}
          </Stack>
        </form>
      </Stack>
    </Drawer>
  );
}
