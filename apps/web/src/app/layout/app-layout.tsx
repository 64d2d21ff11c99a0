import { useEffect } from 'react';
import { AppShell, Burger, Group, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../shared/ui/brand';
import { SkinToggle } from '../../shared/ui/skin-toggle';
import { PeriodFilter } from '../../features/period-filter/components/period-filter';
import { periodFilterApplies } from '../../features/period-filter/model/period-rules';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { useNavHidden } from './nav-visibility';
import { VerticalMenu } from './vertical-menu';
import { UserMenu } from './user-menu';
import { ScrollToTop } from './scroll-to-top';

/** §2.5: the vertical menu collapses at window widths of 1500 px or below. */
export const menuCollapseMaxWidth = 1500;

/** App shell of the guarded routes: header, vertical menu, period filter, content. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navHidden = useNavHidden();
  const collapsed = useMediaQuery(`(max-width: ${menuCollapseMaxWidth}px)`) ?? false;
  const [opened, { toggle, close }] = useDisclosure(false);
  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      // Mantine's own mobile mode makes the navbar full width; a 1500 px screen deserves a
      // normal-width menu, so the collapse is driven here and mobile mode is left to phones.
      navbar={{
        width: 264,
        breakpoint: 'xs',
        collapsed: { mobile: navHidden || !opened, desktop: navHidden || (collapsed && !opened) },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!navHidden && collapsed && <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('app.toggleMenu')} />}
            <Brand size="md" />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {periodFilterApplies(pathname) && <PeriodFilter />}
            <NotificationsMenu />
            <SkinToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar pt="sm" data-testid="app-navbar">
        <VerticalMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-light)">
        <Box maw={1440} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
      <ScrollToTop />
    </AppShell>
  );
}
