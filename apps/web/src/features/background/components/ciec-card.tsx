import { useCallback } from 'react';
import { Card, Group, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { CiecForm } from '../../../shared/ciec/ciec-form';

/** "Validar CIEC" card: starts the real background job and follows it live. */
export function CiecCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    // The new process shows in the background list at once, following the same live events.
    void queryClient.invalidateQueries({ queryKey: ['background', user?.username ?? ''] });
  }, [queryClient, user?.username]);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="ciec-card">
      <Group gap="xs" mb={4}>
        <IconShieldCheck size={20} color="var(--mantine-color-teal-6)" />
        <Title order={4}>{t('dashboard.ciecTitle')}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('dashboard.ciecText')}
      </Text>
      <CiecForm label={t('dashboard.ciecLabel')} submitLabel={t('dashboard.ciecSubmit')} onStarted={refresh} onFinished={refresh} />
    </Card>
  );
}
