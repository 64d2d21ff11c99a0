import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { mockFetch } from '../shared/test/render';
import { i18n } from '../shared/i18n/i18n';
import { queryClient } from '../shared/api/query-client';
import { clearSession, startSession } from '../shared/session/session-store';
import { routes } from './router';
import { closeUpgradeDialog } from '../features/plans/model/upgrade-dialog-store';

const all = ['/dashboard/home', '/incomes', '/payroll', '/payroll/emitted', '/statements'];
const planBody = (allowed: string[]) => ({
  data: {
    plans: [],
    allProductRoutes: all,
    allowedProductRoutes: allowed,
    scheduledCancellationDetails: { activeSubscription: false, cancellationDate: null, planId: 1 },
    features: [],
    products: [],
    rol: 10,
  },
});

function login(patch: Partial<{ is_confirmed: boolean; profile_completed: boolean }> = {}) {
  startSession({
    access_token: 'tok',
    user: {
      name: 'Ana Pérez',
      rfc: 'PEAA800101AB1',
      img: null,
      email: 'ana@example.com',
      regimen: '612',
      clave_sat: null,
      is_confirmed: true,
      profile_completed: true,
      rol: 10,
      contr_stripe: false,
      ...patch,
    },
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(() => {
  clearSession();
  queryClient.clear();
  mockFetch((url) => {
    if (url.pathname === '/api/user/plan') return { body: planBody(['/dashboard/home', '/incomes']) };
    if (url.pathname === '/api/background/process') return { body: { data: [] } };
    if (url.pathname === '/api/notificaciones/urgentes') return { body: { data: [] } };
    return undefined;
  });
});

describe('routing and guards', () => {
  it('/ goes to /login and shows the Spanish login screen', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Iniciar sesión', { selector: 'button *, button' })).toBeTruthy();
  });
  it('a guest on a guarded route goes to /login', async () => {
    const router = renderAt('/incomes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
  it('an unconfirmed user goes to verify-account with the email', async () => {
    login({ is_confirmed: false });
    const router = renderAt('/dashboard/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-account'));
    expect(router.state.location.search).toBe('?email=ana%40example.com');
  });
  it('an incomplete profile goes to complete information', async () => {
    login({ profile_completed: false });
    const router = renderAt('/incomes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/complete-information'));
  });
  it('a logged-in user on /login goes to /dashboard/home', async () => {
    login();
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
  });
  it('a product route outside the plan redirects to /plans', async () => {
    login();
    const router = renderAt('/payroll/emitted');
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
    // The free user is told why, with the way to upgrade.
    expect(await screen.findByText('Ahh... Aún no eres usuario premium.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quiero ser Premium' })).toBeTruthy();
    closeUpgradeDialog();
  });
  it('an allowed area renders inside the shell with its name', async () => {
    login();
    const router = renderAt('/tutorials');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutorials'));
    // The screen's code arrives on the first visit (a lazy route): the guides show once it has.
    expect(await screen.findByRole('heading', { name: 'Tutoriales' })).toBeTruthy();
    expect((await screen.findAllByTestId('guide-card')).length).toBeGreaterThan(0);
  });
  it('unknown paths go to the 404 page', async () => {
    const router = renderAt('/no/existe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error-404'));
    expect(await screen.findByText(/Página no encontrada/)).toBeTruthy();
  });
  it('/quiero-ser-premium has no guard', async () => {
    const router = renderAt('/quiero-ser-premium');
    expect(await screen.findByText('Hazte Premium')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/quiero-ser-premium');
  });
});
