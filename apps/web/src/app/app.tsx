import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
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

/** Providers + router of the whole app. */
export function App() {
  const [router] = useState(() => {
    const r = createAppRouter();
    // Installed before the first loader runs: guard loaders call the API.
    installInterceptor((to) => void r.navigate(to));
    return r;
  });
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={toastTimeoutMs} limit={5} />
        <QueryClientProvider client={queryClient}>
          <AbilityProvider>
            <ModalsProvider>
              <RouterProvider router={router} />
            </ModalsProvider>
          </AbilityProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
