import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CredentialKind } from '@facturo/contract';
import { ciecQuery, credentialQuery } from '../api/profile-api';
import { expiryColor } from '../model/profile-form';

/** One card per CSD / e.firma: serial, days to expiry and the 30-day warning; opens its side panel. */
export function CredentialSummary({ kind, rfc, onOpen }: { kind: CredentialKind; rfc: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(credentialQuery(rfc, kind));
  const info = q.data?.credential;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`summary-${kind}`}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>{t(`profile.credential.${kind}.short`)}</Text>
          <Badge color={info ? 'teal' : q.data?.lastAttempt?.status === 'pending' ? 'blue' : 'gray'} variant="light">
            {info ? t('profile.credential.status.valid') : q.data?.lastAttempt?.status === 'pending' ? t('profile.credential.status.pending') : t('profile.credential.missing')}
          </Badge>
        </Group>
        {info ? (
          <>
            <Text size="sm" ff="monospace">
              {info.noCertificado}
            </Text>
            <Badge color={expiryColor(info.daysToExpiry)} variant="outline">
              {t('profile.credential.daysLeft', { count: info.daysToExpiry ?? 0 })}
            </Badge>
            {info.warning && (
              <Text size="xs" c="orange.8">
                {info.warning}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t(`profile.credential.${kind}.missingText`)}
          </Text>
        )}
        <Button variant="light" size="xs" onClick={onOpen} data-testid={`open-${kind}`}>
          {info ? t('profile.credential.replace') : t('profile.credential.upload')}
        </Button>
      </Stack>
    </Card>
  );
}

/** CIEC card: status only (the CIEC is never shown). */
export function CiecSummary({ rfc, onOpen }: { rfc: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(ciecQuery(rfc));
  const ciec = q.data?.ciec;
  return (
    <Card withBorder radius="md" padding="md" data-testid="summary-ciec">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>CIEC</Text>
          <Badge color={ciec?.status === 'valid' ? 'teal' : ciec?.status === 'invalid' ? 'red' : ciec ? 'blue' : 'gray'} variant="light">
            {ciec ? t(`profile.credential.status.${ciec.status}`) : t('profile.credential.missing')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {ciec?.statusMessage ?? t('profile.ciec.none')}
        </Text>
        <Button variant="light" size="xs" onClick={onOpen} data-testid="open-ciec">
          {ciec ? t('profile.credential.replace') : t('profile.ciec.submit')}
        </Button>
      </Stack>
    </Card>
  );
}
