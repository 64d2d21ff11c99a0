import { Button, Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPage } from '../../../shared/ui/full-page';
import { useSession } from '../../../shared/session/session-store';

/** /quiero-ser-premium (§2.2, no guard): why premium, then the plans. */
export function PremiumPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const benefits = t('premium.benefits', { returnObjects: true }) as string[];
  return (
    <FullPage
      title={t('premium.title')}
      subtitle={t('premium.subtitle')}
      width={520}
      illustration={
        <ThemeIcon size={64} radius="xl" variant="gradient" gradient={{ from: 'yellow', to: 'orange' }}>
          <IconCrown size={36} />
        </ThemeIcon>
      }
    >
      <List spacing="xs" icon={<IconCheck size={18} color="var(--mantine-color-teal-6)" />}>
        {benefits.map((b) => (
          <List.Item key={b}>
            <Text size="sm">{b}</Text>
          </List.Item>
        ))}
      </List>
      <Group grow>
        <Button component={Link} to={token ? '/plans' : '/login'} color="orange">
          {token ? t('premium.cta') : t('premium.login')}
        </Button>
      </Group>
    </FullPage>
  );
}
