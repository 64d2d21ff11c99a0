import { useCallback, useState } from 'react';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-store';
import { CiecForm } from '../../shared/ciec/ciec-form';
import { formatDateTime } from '../../shared/format/dates';
import { ciecQuery, profileKeys } from '../../features/profile/api/profile-api';

/**
 * The dashboard's CIEC card. Without a valid CIEC it asks for one and follows the validation live; once
 * the CIEC is valid it says so, with the last check, and offers to replace it (issue 18: it used to keep
 * showing an empty "Validar CIEC" form).
 */
export function CiecCard() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const status = useQuery({ ...ciecQuery(rfc), enabled: rfc !== '' });
  const [replacing, setReplacing] = useState(false);
  const started = useCallback(() => {
    // The new process shows in the background list at once, following the same live events.
    void queryClient.invalidateQueries({ queryKey: ['background', rfc] });
  }, [queryClient, rfc]);
  const finished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['background', rfc] });
    void queryClient.invalidateQueries({ queryKey: profileKeys.ciec(rfc) });
    setReplacing(false);
  }, [queryClient, rfc]);

  const ciec = status.data?.ciec ?? null;
  const valid = ciec?.status === 'valid';
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="ciec-card">
      <Group gap="xs" mb={4} justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={20} color="var(--mantine-color-teal-6)" />
          <Title order={4}>{valid ? t('dashboard.ciecValidTitle') : t('dashboard.ciecTitle')}</Title>
        </Group>
        {ciec && (
          <Badge color={valid ? 'teal' : ciec.status === 'invalid' ? 'red' : 'blue'} variant="light" data-testid="ciec-status">
            {t(`profile.credential.status.${ciec.status}`)}
          </Badge>
        )}
      </Group>
      {status.isPending && rfc !== '' ? (
        <Loader size="sm" />
      ) : valid && !replacing ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('dashboard.ciecValidText')}</Text>
          <Text size="sm" data-testid="ciec-checked">{t('dashboard.ciecChecked', { date: formatDateTime(ciec.updated_at) })}</Text>
          <Button variant="light" onClick={() => setReplacing(true)} data-testid="ciec-replace">{t('dashboard.ciecReplace')}</Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {ciec?.status === 'invalid' && ciec.statusMessage ? ciec.statusMessage : t('dashboard.ciecText')}
          </Text>
          <CiecForm label={t('dashboard.ciecLabel')} submitLabel={t('dashboard.ciecSubmit')} onStarted={started} onFinished={finished} />
          {replacing && <Button variant="subtle" onClick={() => setReplacing(false)}>{t('dashboard.ciecKeep')}</Button>}
        </Stack>
      )}
    </Card>
  );
}
