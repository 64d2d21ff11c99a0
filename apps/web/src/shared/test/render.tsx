import './dom-setup';
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RestartingQueryClient } from '../api/query-client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { datesSettings } from '../../app/dates-settings';

/** Fresh query client without retries, so failures show at once in tests. */
export function testQueryClient(): QueryClient {
  return new RestartingQueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Wraps UI in the app providers (Mantine, i18n, query). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DatesProvider settings={datesSettings}>
          <Notifications />
          <QueryClientProvider client={client ?? testQueryClient()}>{children}</QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Renders with the app providers. */
export function renderWithProviders(ui: ReactElement, client?: QueryClient) {
  return render(<Providers client={client}>{ui}</Providers>);
}

type Handler = (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch with a router of JSON replies; returns the recorded calls. */
export function mockFetch(handler: Handler) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url: url.pathname + url.search, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const reply = handler(url, init) ?? { status: 404, body: { message: 'No encontrado' } };
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}
