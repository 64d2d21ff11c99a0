import { Button, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { closeUpgradeDialog, useUpgradeDialogOpen } from '../model/upgrade-dialog-store';

/** §6 upgrade dialog: "Ahh... Aún no eres usuario premium." with "Quiero ser Premium". */
export function UpgradeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} centered withCloseButton={false} radius="lg">
      <Stack align="center" ta="center" gap="sm" p="sm">
        <ThemeIcon size={64} radius="xl" variant="gradient" gradient={{ from: 'yellow', to: 'orange' }}>
          <IconCrown size={36} />
        </ThemeIcon>
        <Title order={3}>{t('plans.upgradeTitle')}</Title>
        <Text c="dimmed">{t('plans.upgradeText')}</Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            {t('plans.later')}
          </Button>
          <Button
            color="orange"
            onClick={() => {
              onClose();
              navigate('/quiero-ser-premium');
            }}
          >
            {t('plans.upgradeButton')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The app-wide upgrade dialog, opened through `openUpgradeDialog()`. */
export function UpgradeDialogHost() {
  const opened = useUpgradeDialogOpen();
  return <UpgradeDialog opened={opened} onClose={closeUpgradeDialog} />;
}
