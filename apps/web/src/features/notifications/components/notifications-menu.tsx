import { ActionIcon, Anchor, Indicator, Menu, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUrgentNotifications } from '../model/notifications-store';
import { confirmExternalLink } from '../../../shared/ui/confirm';

/** Bell with the urgent notifications kept locally (§3, §4). */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const list = useUrgentNotifications();
  return (
    <Menu width={340} position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Indicator disabled={!list.length} label={list.length} size={16} color="red" offset={4}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications.title')}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('notifications.title')}</Menu.Label>
        {list.length === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            {t('notifications.empty')}
          </Text>
        )}
        {list.map((n) => (
          <Stack key={n.id} gap={2} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text size="sm" fw={600}>
              {n.title}
            </Text>
            <Text size="xs" c="dimmed">
              {n.message}
            </Text>
            {n.link && (
              <Anchor
                href={n.link}
                size="xs"
                onClick={(e) => {
                  e.preventDefault();
                  confirmExternalLink(n.link!);
                }}
              >
                {t('notifications.open')}
              </Anchor>
            )}
          </Stack>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
