import { Badge, NavLink, ScrollArea } from '@mantine/core';
import { IconCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnreadAnnouncements } from '../../features/announcement/public';
import { buildMenu, isGroup, isPayrollBasicTenant, menuForRole, type MenuLink } from './menu-items';
import { useMyRole } from '../../features/workspace/public';

const basicPayroll = isPayrollBasicTenant(import.meta.env.VITE_PROJECT_ID, import.meta.env.VITE_PAYROLL_BASIC_TENANT);

const ANNOUNCEMENTS = '/app/announcement';

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Vertical navigation menu with every app area (§2.1, §2.5). */
export function VerticalMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = menuForRole(buildMenu(basicPayroll), useMyRole());
  const unread = useUnreadAnnouncements();
  const link = (item: MenuLink, nested: boolean) => {
    // Nested links share one small bullet so the hierarchy reads at a glance.
    const Icon = nested ? IconCircle : item.icon;
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={t(item.label)}
        active={isActive(pathname, item.to) && !(item.to === '/payroll' && pathname !== '/payroll')}
        leftSection={Icon ? <Icon size={nested ? 10 : 18} stroke={1.7} /> : undefined}
        rightSection={item.to === ANNOUNCEMENTS && unread > 0
          ? <Badge size="sm" color="red" circle aria-label={t('menu.unreadAnnouncements', { count: unread })}>{unread > 9 ? '9+' : unread}</Badge>
          : undefined}
        onClick={onNavigate}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    );
  };
  return (
    <ScrollArea type="scroll" h="100%" px="sm" pb="md" component="nav" aria-label={t('menu.title')}>
      {menu.map((item) => {
        if (!isGroup(item)) return link(item, false);
        const Icon = item.icon;
        const open = item.children.some((c) => isActive(pathname, c.to));
        return (
          // A real button, so keyboards and screen readers can open the group.
          <NavLink
            key={item.label}
            component="button"
            type="button"
            label={t(item.label)}
            leftSection={<Icon size={18} stroke={1.7} />}
            defaultOpened={open}
            // The group's links mount when it opens, as ordinary children. Kept mounted, Mantine holds them in a
            // hidden <Activity>; twice, in full e2e runs under load, a link clicked just as its group opened did
            // nothing (no request, no route change), and that Activity is what such a link has that no other
            // link of the app has. Seven links are cheap to mount.
            keepMounted={false}
            childrenOffset={20}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            {item.children.map((c) => link(c, true))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
