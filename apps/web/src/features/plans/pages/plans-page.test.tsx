import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { PlansPage } from './plans-page';

const plan = (id: number, name: string, isFree: boolean) => ({
  id, name, description: `${name} descripción`, is_free: isFree,
  monthly: { value: 1, monthly_cost: isFree ? '0.00' : '299.00', monthly_price_id: null },
  yearly: { value: 2, yearly_cost: isFree ? '0.00' : '2990.00', yearly_price_id: null },
  products: [{ id: 3, name: 'Gastos', route: '/outcomes', routes: ['/outcomes'], features: [] }], features: [],
});

describe('<PlansPage /> (issue 18: no dead loop to upgrade)', () => {
  it('the Premium card of a free account explains that card payments are coming', async () => {
    mockFetch((url) =>
      url.pathname === '/api/user/plan'
        ? { body: { data: {
          plans: [plan(1, 'Gratuito', true), plan(2, 'Premium', false)], allProductRoutes: [], allowedProductRoutes: [],
          scheduledCancellationDetails: { activeSubscription: false, cancellationDate: null, planId: 1 }, features: [], products: [], rol: 10,
        } } }
        : undefined,
    );
    renderWithProviders(<MemoryRouter><PlansPage /></MemoryRouter>);
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).queryByTestId('plan-coming-soon')).toBeNull();
    const soon = within(cards[1]!).getByTestId('plan-coming-soon');
    expect(soon.textContent).toMatch(/El pago con tarjeta llega muy pronto/);
    expect(soon.textContent).toMatch(/podrás contratar Premium aquí mismo/);
    expect((within(soon).getByRole('button', { name: 'Contratar (próximamente)' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
