import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Honest placeholder for an area still being built, shown inside the app shell. */
export function UnderConstruction({ areaKey }: { areaKey: string }) {
  const { t } = useTranslation();
  const area = t(areaKey);
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="under-construction">
      <Center>
        <Stack align="center" gap="sm" maw={460} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="orange">
            <IconBarrierBlock size={36} />
          </ThemeIcon>
          <Title order={2}>{area}</Title>
          <Text fw={600} c="orange.7">
            {t('construction.title')}
          </Text>
          <Text c="dimmed">{t('construction.text', { area })}</Text>
          <Button component={Link} to="/dashboard/home" variant="light">
            {t('construction.back')}
          </Button>
        </Stack>
      </Center>
    </Paper>
  );
}
