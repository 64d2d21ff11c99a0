import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { MemoryRouter } from 'react-router';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { PlansPage } from './plans-page';

const plan = (id: number, name: string, isFree: boolean) => ({
  id, name, description: `${name} descripción`, is_free: isFree,
  monthly: { value: 1, monthly_cost: isFree ? '0.00' : '299.00', monthly_price_id: isFree ? null : 'price_premium_monthly' },
  yearly: { value: 2, yearly_cost: isFree ? '0.00' : '2990.00', yearly_price_id: isFree ? null : 'price_premium_yearly' },
  products: [{ id: 3, name: 'Gastos', route: '/outcomes', routes: ['/outcomes'], features: [] }], features: [],
});
const card = { id: 'pm_abc', name: 'Juana', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, verified: true };

function serve(rol: number, payMethods: unknown[], sched = { activeSubscription: false, cancellationDate: null as string | null, planId: 1 }) {
  mockFetch((url) => {
    if (url.pathname === '/api/user/plan') {
      return { body: { data: {
        plans: [plan(1, 'Gratuito', true), plan(2, 'Premium', false)], allProductRoutes: [], allowedProductRoutes: [],
        scheduledCancellationDetails: sched, features: [], products: [], rol,
      } } };
    }
    if (url.pathname === '/api/customer') return { body: { id: 'cus_1', subscription: null, payMethods } };
    return undefined;
  });
}

describe('<PlansPage /> (issue 14; issue 18: no dead loop to upgrade)', () => {
  it('a free account without cards is sent to add one (no loop back to /quiero-ser-premium)', async () => {
    serve(10, []);
    renderWithProviders(<MemoryRouter><PlansPage /></MemoryRouter>);
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Tu plan actual')).toBeTruthy();
    const add = await within(cards[1]!).findByRole('link', { name: 'Agregar tarjeta' });
    expect(add.getAttribute('href')).toBe('/payment-cards');
  });

  it('a free account with a verified card can subscribe from the Premium card', async () => {
    serve(10, [card]);
    renderWithProviders(<MemoryRouter><PlansPage /></MemoryRouter>);
    const cards = await screen.findAllByTestId('plan-card');
    const button = await within(cards[1]!).findByRole('button', { name: 'Contratar Premium mensual' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('subscribing asks first with the amount and the card; nothing is charged until «Pagar» (issue 25 §9)', async () => {
    serve(10, [card]);
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/user/plan') {
        return { body: { data: {
          plans: [plan(1, 'Gratuito', true), plan(2, 'Premium', false)], allProductRoutes: [], allowedProductRoutes: [],
          scheduledCancellationDetails: { activeSubscription: false, cancellationDate: null, planId: 1 }, features: [], products: [], rol: 10,
        } } };
      }
      if (url.pathname === '/api/customer') return { body: { id: 'cus_1', subscription: null, payMethods: [card] } };
      if (url.pathname === '/api/subscription' && init?.method === 'POST') return { status: 201, body: { message: 'Tu suscripción Premium está activa', customer: { id: 'cus_1', subscription: null, payMethods: [card] } } };
      return undefined;
    });
    renderWithProviders(<ModalsProvider><MemoryRouter><PlansPage /></MemoryRouter></ModalsProvider>);
    const cards = await screen.findAllByTestId('plan-card');
    fireEvent.click(await within(cards[1]!).findByRole('button', { name: 'Contratar Premium mensual' }));
    expect(await screen.findByText('Se cargarán $299.00 MXN a la tarjeta terminación 4242.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/subscription')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Pagar $299.00' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/subscription' && c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/subscription')!.body).toEqual({ priceId: 'price_premium_monthly', paymentMethod: 'pm_abc', cancelAtPeriodEnd: false });
  });

  it('a premium account sees Premium as its plan, with the scheduled cancellation', async () => {
    serve(11, [card], { activeSubscription: true, cancellationDate: '2026-12-25T00:00:00.000Z', planId: 1 });
    renderWithProviders(<MemoryRouter><PlansPage /></MemoryRouter>);
    const cards = await screen.findAllByTestId('plan-card');
    expect(within(cards[1]!).getByText('Tu plan actual')).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button', { name: 'Cancelar al final del periodo' })).toBeNull();
    expect(screen.getByText(/Tu suscripción se cancelará el/)).toBeTruthy();
  });
});
