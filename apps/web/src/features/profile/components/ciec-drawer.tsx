import { useCallback } from 'react';
import { Alert, Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CiecForm } from '../../../shared/ciec/ciec-form';
import { ciecQuery, profileKeys } from '../api/profile-api';

/** Side panel for the CIEC: what is on file (status only) and a new one validated live. */
export function CiecDrawer({ rfc, opened, onClose }: { rfc: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ ...ciecQuery(rfc), enabled: opened });
  const onFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.ciec(rfc) });
  }, [queryClient, rfc]);
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
        <CiecForm label={t('profile.ciec.label')} submitLabel={t('profile.ciec.submit')} onFinished={onFinished} />
      </Stack>
    </Drawer>
  );
}
