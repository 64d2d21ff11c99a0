import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../shared/test/render';
import { NavigationOverlay } from './navigation-overlay';

afterEach(() => vi.useRealTimers());

describe('<NavigationOverlay /> (§2.5)', () => {
  it('shows while a navigation loads and hides 300 ms after it ends', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const router = createMemoryRouter(
      [
        { path: '/', element: <NavigationOverlay /> },
        { path: '/slow', element: <NavigationOverlay />, loader: () => new Promise<null>((r) => (finish = () => r(null))) },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const visible = () => document.querySelector('.mantine-LoadingOverlay-root') !== null;
    expect(visible()).toBe(false);
    await act(async () => {
      void router.navigate('/slow');
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(visible()).toBe(true);
    await act(async () => {
      finish();
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(visible()).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(visible()).toBe(false);
    expect(screen.queryByTestId('navigation-overlay')).toBeNull();
  });
});
