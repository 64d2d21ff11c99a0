import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { PaymentsPage } from './payments-page';

const row = (id: number, status: number) => ({
  id, amount: '299.00', description: 'Suscripción Premium', status, date: '2026-11-25T10:00:00.000Z',
  paymentProof: status === 1 ? `/api/payments/receipt/${id}` : null,
});

describe('<PaymentsPage /> (spec §3 Payment, §4 status 2)', () => {
  it('flags a failed last payment and offers receipts only for paid ones', async () => {
    mockFetch((url) => (url.pathname === '/api/payments' ? { body: { data: [row(2, 2), row(1, 1)], lastFailed: true } } : undefined));
    renderWithProviders(<MemoryRouter><PaymentsPage /></MemoryRouter>);
    expect(await screen.findByTestId('last-payment-failed')).toBeTruthy();
    const rows = within(screen.getByTestId('payments-table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Rechazado')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: 'Descargar' })).toBeNull();
    expect(within(rows[1]!).getByText('Pagado')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Descargar' })).toBeTruthy();
  });

  it('no flag when the last payment went through', async () => {
    mockFetch((url) => (url.pathname === '/api/payments' ? { body: { data: [row(3, 1), row(2, 2)], lastFailed: false } } : undefined));
    renderWithProviders(<MemoryRouter><PaymentsPage /></MemoryRouter>);
    expect(await screen.findByTestId('payments-table')).toBeTruthy();
    expect(screen.queryByTestId('last-payment-failed')).toBeNull();
  });
});
