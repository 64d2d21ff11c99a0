import { ModalsProvider } from '@mantine/modals';
import { lazy, Suspense, useEffect } from 'react';
import { AppShell, Burger, Group, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../shared/ui/brand';
import { SkinToggle } from '../../shared/ui/skin-toggle';
import { PeriodFilter } from '../../features/period-filter/components/period-filter';
import { periodFilterApplies } from '../../shared/period/period-rules';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { useNavHidden } from './nav-visibility';
import { VerticalMenu } from './vertical-menu';
import { UserMenu } from './user-menu';
import { AccountSwitcher } from '../../features/workspace/public';
import { ScrollToTop } from './scroll-to-top';
// Its own chunk (payments code stays out of /login's first load).
const FailedPaymentBanner = lazy(() => import('../../features/payments/components/failed-payment-banner').then((m) => ({ default: m.FailedPaymentBanner })));

/** §2.5: the vertical menu collapses at window widths of 1500 px or below. */
export const menuCollapseMaxWidth = 1500;
/**
 * Below this width the month/year filter leaves the header for a bar above the page: on a phone the
 * header only has room for the menu button, the logo, the bell, the theme switch and the user menu.
 */
export const periodInHeaderMinWidth = 720;

/** App shell of the guarded routes: header, vertical menu, period filter, content. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navHidden = useNavHidden();
  const collapsed = useMediaQuery(`(max-width: ${menuCollapseMaxWidth}px)`) ?? false;
  const narrow = useMediaQuery(`(max-width: ${periodInHeaderMinWidth - 1}px)`) ?? false;
  const showPeriod = periodFilterApplies(pathname);
  const [opened, { toggle, close }] = useDisclosure(false);
  useEffect(close, [pathname, close]);

  // Confirmations (delete, cancel, leave the app) only happen in the signed-in screens: their provider lives
  // here, so /login does not download it (issue 19: first load).
  return (
    <ModalsProvider>
    <AppShell
      header={{ height: 64 }}
      // Mantine's own mobile mode makes the navbar full width; a 1500 px screen deserves a
      // normal-width menu, so the collapse is driven here and mobile mode is left to phones.
      navbar={{
        width: 264,
        breakpoint: 'xs',
        collapsed: { mobile: navHidden || !opened, desktop: navHidden || (collapsed && !opened) },
      }}
      padding={narrow ? 'xs' : 'lg'}
    >
      <AppShell.Header>
        <Group h="100%" px={narrow ? 'xs' : 'md'} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {!navHidden && collapsed && <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('app.toggleMenu')} />}
            <Brand size="md" />
          </Group>
          <Group gap={narrow ? 4 : 'sm'} wrap="nowrap" style={{ flexShrink: 0 }}>
            {showPeriod && !narrow && <PeriodFilter />}
            <AccountSwitcher />
            <NotificationsMenu />
            <SkinToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar pt="sm" data-testid="app-navbar">
        <VerticalMenu onNavigate={close} />
      </AppShell.Navbar>
      {/* The bottom padding lets the last buttons of a long form (Guardar) scroll above the scroll-to-top button. */}
      <AppShell.Main bg="var(--mantine-color-gray-light)" pb={96}>
        <Box maw={1440} mx="auto">
          {showPeriod && narrow && (
            <Group justify="flex-end" mb="sm">
              <PeriodFilter />
            </Group>
          )}
          <Suspense fallback={null}>
            <FailedPaymentBanner />
          </Suspense>
          <Outlet />
        </Box>
      </AppShell.Main>
      <ScrollToTop />
    </AppShell>
    </ModalsProvider>
  );
}
