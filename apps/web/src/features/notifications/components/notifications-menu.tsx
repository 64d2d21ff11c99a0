import { ActionIcon, Anchor, Button, CloseButton, Group, Indicator, Menu, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dismissNotifications, useUrgentNotifications } from '../model/notifications-store';
import { markAllNotificationsRead, markNotificationRead } from '../api/get-urgent-notifications';
import { confirmExternalLink } from '../../../shared/ui/confirm';

/** An in-app path ("/profile/3", "/statements?tab=0"): navigated to, never opened in a new tab. */
const isInAppLink = (link: string): boolean => link.startsWith('/') && !link.startsWith('//');

/**
 * Bell with the urgent notifications kept locally (§3, §4). Each one can be marked read, or all at once
 * (issue 25 §7); its link navigates inside the app (only an outside address asks before leaving).
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useUrgentNotifications();
  // A failed mark leaves the list as it was; the API client already toasts the error.
  const dismiss = (id: number | null) => void dismissNotifications(id, id === null ? markAllNotificationsRead : () => markNotificationRead(id)).catch(() => undefined);
  return (
    <Menu width={340} position="bottom-end" shadow="md" withinPortal closeOnItemClick={false}>
      <Menu.Target>
        <Indicator disabled={!list.length} label={list.length} size={16} color="red" offset={4}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications.title')}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown>
        <Group justify="space-between" wrap="nowrap" pr="xs">
          <Menu.Label>{t('notifications.title')}</Menu.Label>
          {list.length > 1 && (
            <Button size="compact-xs" variant="subtle" onClick={() => dismiss(null)}>
              {t('notifications.markAll')}
            </Button>
          )}
        </Group>
        {list.length === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            {t('notifications.empty')}
          </Text>
        )}
        {list.map((n) => (
          <Stack key={n.id} gap={2} p="sm" data-testid="notification" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text size="sm" fw={600}>
                {n.title}
              </Text>
              <CloseButton size="sm" aria-label={t('notifications.markRead', { title: n.title })} onClick={() => dismiss(n.id)} />
            </Group>
            <Text size="xs" c="dimmed">
              {n.message}
            </Text>
            {n.link && (
              <Anchor
                href={n.link}
                size="xs"
                onClick={(e) => {
                  e.preventDefault();
                  if (isInAppLink(n.link!)) void navigate(n.link!);
                  else confirmExternalLink(n.link!);
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
