import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconId, IconLogout, IconShieldLock, IconUser, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-store';
import { useLogout } from '../../shared/session/use-logout';
import { useAuthedObjectUrl } from '../../shared/api/authed-file';
import { avatarUrl as avatarUrlOf } from '../../features/profile/api/profile-api';
import { initialsOf } from '../../shared/format/initials';

/** Avatar menu: the person's own data, the account's profile and plan, two-factor, logout (§4). */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  // The picture endpoint needs the token, which a plain <img src> cannot send.
  const avatarUrl = useAuthedObjectUrl(avatarUrlOf(user?.avatar));
  const initials = initialsOf(user?.fullName, user?.username);
  return (
    <Menu width={220} position="bottom-end" shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('user.menu')} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={avatarUrl} radius="xl" color="indigo" size={34} data-testid="header-avatar">
              {initials}
            </Avatar>
            <div style={{ lineHeight: 1.1 }} className="user-menu-text">
              <Text size="sm" fw={600} lineClamp={1} maw={160}>
                {user?.fullName || user?.username}
              </Text>
              <Text size="xs" c="dimmed">
                {user?.username}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Decision 315: the person's own settings, apart from the account's fiscal profile below. */}
        <Menu.Item component={Link} to="/cuenta/mis-datos" leftSection={<IconId size={16} />} data-testid="menu-my-details">
          {t('workspace.myDetails')}
        </Menu.Item>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t('user.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/plans" leftSection={<IconWallet size={16} />}>
          {t('user.plans')}
        </Menu.Item>
        <Menu.Item component={Link} to="/cuenta/seguridad" leftSection={<IconShieldLock size={16} />}>
          {t('workspace.security')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
