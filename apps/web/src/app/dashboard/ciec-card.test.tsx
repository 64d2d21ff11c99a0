import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../shared/test/render';
import { clearSession, startSession } from '../../shared/session/session-store';
import { CiecCard } from './ciec-card';

const session = {
  access_token: 'tok',
  user: { name: 'Prueba', rfc: 'XAXX010101000', img: null, email: 'a@b.mx', regimen: '612', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 10, contr_stripe: false },
} as never;
afterEach(() => clearSession());

describe('<CiecCard /> (issue 18: state of a valid CIEC)', () => {
  it('with a valid CIEC shows Vigente and the last check, and offers to replace it', async () => {
    startSession(session);
    mockFetch((url) => (url.pathname === '/api/profile/ciec'
      ? { body: { ciec: { status: 'valid', statusMessage: 'CIEC válida', jobId: 'j1', updated_at: '2026-11-20T17:30:00Z' } } }
      : undefined));
    renderWithProviders(<CiecCard />);
    expect((await screen.findByTestId('ciec-status')).textContent).toBe('Vigente');
    expect(screen.getByTestId('ciec-checked').textContent).toMatch(/^Última verificación: 20\/11\/2026/);
    expect(screen.queryByLabelText('CIEC')).toBeNull();
    fireEvent.click(screen.getByTestId('ciec-replace'));
    expect(screen.getByLabelText('CIEC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conservar la CIEC actual' }));
    expect(screen.queryByLabelText('CIEC')).toBeNull();
  });

  it('without a CIEC asks for it', async () => {
    startSession(session);
    mockFetch((url) => (url.pathname === '/api/profile/ciec' ? { body: { ciec: null } } : undefined));
    renderWithProviders(<CiecCard />);
    expect(await screen.findByLabelText('CIEC')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Validar CIEC' })).toBeTruthy();
    expect(screen.queryByTestId('ciec-status')).toBeNull();
  });
});
