import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@facturo/contract';
import { formatDate } from '../../../shared/format/dates';

/** Tab 2: account facts (RFC, e-mail, persona, plan, since) and the password panel. */
export function AccountTab({ profile, onPassword }: { profile: Profile; onPassword: () => void }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('profile.account.rfc'), profile.rfc],
    [t('profile.account.email'), profile.email],
    [t('profile.account.persona'), t(`profile.account.personas.${profile.persona}`)],
    [t('profile.account.plan'), t(profile.rol === 1 ? 'profile.account.admin' : profile.rol === 11 ? 'profile.account.premium' : 'profile.account.free')],
    [t('profile.account.since'), formatDate(profile.created_at, 'long')],
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="light" leftSection={<IconLock size={16} />} onClick={onPassword} data-testid="open-password">
          {t('profile.password.title')}
        </Button>
      </Group>
    </Stack>
  );
}
