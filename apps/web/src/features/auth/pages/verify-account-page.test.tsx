import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { VerifyAccountPage } from './verify-account-page';

const page = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/verify?email=eku%40example.com']}>
      <VerifyAccountPage />
    </MemoryRouter>,
  );

afterEach(() => vi.useRealTimers());

describe('<VerifyAccountPage /> (issue 18)', () => {
  it('"Reenviar código" counts down and is disabled until the cooldown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch((url) => (url.pathname === '/api/verificar-cuenta/reenviar' ? { body: { message: 'Código enviado' } } : undefined));
    page();
    const button = screen.getByTestId('resend-code');
    expect(button.textContent).toBe('Reenviar código en 1:00');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => { await vi.advanceTimersByTimeAsync(15_000); });
    expect(button.textContent).toBe('Reenviar código en 0:45');
    await act(async () => { await vi.advanceTimersByTimeAsync(46_000); });
    expect(button.textContent).toBe('Reenviar código');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await act(async () => { await vi.advanceTimersByTimeAsync(50); });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(button.textContent).toBe('Reenviar código en 1:00');
  });

  it('a wrong code shows the message alone, not the "CODE:" key', async () => {
    mockFetch((url) =>
      url.pathname === '/api/verificar-cuenta'
        ? { status: 422, body: { message: 'El código no es correcto', errors: { code: ['El código no es correcto o ya venció'] } } }
        : undefined,
    );
    page();
    const inputs = screen.getAllByRole('textbox').length ? screen.getAllByRole('textbox') : screen.getAllByRole('spinbutton');
    '123456'.split('').forEach((d, i) => fireEvent.change(inputs[i]!, { target: { value: d } }));
    fireEvent.click(screen.getByRole('button', { name: 'Verificar cuenta' }));
    expect(await screen.findByText('El código no es correcto o ya venció')).toBeTruthy();
    expect(screen.queryByText(/CODE:/)).toBeNull();
  });
});
