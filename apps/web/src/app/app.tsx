import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../shared/i18n/i18n';
import { queryClient } from '../shared/api/query-client';
import { toastTimeoutMs } from '../shared/ui/toast-timing';
import { AbilityProvider } from './ability-provider';
import { createAppRouter } from './router';
import { installInterceptor } from './errors/install-interceptor';
import { colorSchemeManager, theme } from './theme';
import { datesSettings } from './dates-settings';
import { TestModeBanner } from './layout/test-mode-banner';

// Module scope, not component state: StrictMode would build two routers and the interceptor
// could end up navigating the one that is not rendered. Installed before the router exists
// because the first guard loaders call the API while the router is being created.
installInterceptor((to) => void router.navigate(to));
const router = createAppRouter();

/** Providers + router of the whole app. */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <DatesProvider settings={datesSettings}>
          <Notifications position="top-right" autoClose={toastTimeoutMs} limit={5} />
          <QueryClientProvider client={queryClient}>
            <AbilityProvider>
              <RouterProvider router={router} />
            </AbilityProvider>
            <TestModeBanner />
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
