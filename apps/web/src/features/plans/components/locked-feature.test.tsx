import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../../shared/test/render';
import { LockedFeature } from './locked-feature';
import { UpgradeDialogHost } from './upgrade-dialog';

describe('locked features (§6)', () => {
  it('show the premium message and the upgrade dialog leading to /quiero-ser-premium', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <><LockedFeature /><UpgradeDialogHost /></> },
        { path: '/quiero-ser-premium', element: <p>premium</p> },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(screen.getByText('Actualiza a premium para desbloquear esta funcionalidad')).toBeTruthy();
    fireEvent.click(screen.getByTestId('locked-feature'));
    expect(await screen.findByText('Ahh... Aún no eres usuario premium.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quiero ser Premium' }));
    expect(router.state.location.pathname).toBe('/quiero-ser-premium');
  });
});
