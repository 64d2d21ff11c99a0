import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CredentialInfo } from '@facturo/contract';
import { expiryColor } from '../model/profile-form';
import { formatDate } from '../../../shared/format/dates';

const day = (iso: string | null) => formatDate(iso, 'short');

/** Public facts of a certificate on file: serial, holder RFC, validity, days to expiry, 30-day warning. */
export function CredentialFacts({ info }: { info: CredentialInfo }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid={`credential-facts-${info.kind}`}>
      <Group gap="xs">
        <Badge color={info.status === 'valid' ? 'teal' : info.status === 'pending' ? 'blue' : 'red'} variant="light">
          {t(`profile.credential.status.${info.status}`)}
        </Badge>
        {info.daysToExpiry !== null && info.status !== 'invalid' && (
          <Badge color={expiryColor(info.daysToExpiry)} variant="outline" data-testid="days-to-expiry">
            {t('profile.credential.daysLeft', { count: info.daysToExpiry })}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={2} spacing="xs">
        <Fact label={t('profile.credential.serial')} value={info.noCertificado ?? '—'} testId="credential-serial" />
        <Fact label={t('profile.credential.rfc')} value={info.rfc ?? '—'} />
        <Fact label={t('profile.credential.validFrom')} value={day(info.validFrom)} />
        <Fact label={t('profile.credential.validTo')} value={day(info.validTo)} />
      </SimpleGrid>
      {info.warning && (
        <Alert color="orange" icon={<IconAlertTriangle size={16} />} py="xs">
          {info.warning}
        </Alert>
      )}
      {info.status === 'invalid' && info.statusMessage && (
        <Text size="sm" c="red">
          {info.statusMessage}
        </Text>
      )}
    </Stack>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} ff={testId === 'credential-serial' ? 'monospace' : undefined}>
        {value}
      </Text>
    </div>
  );
}
