import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testQueryClient } from '../../shared/test/render';
import { clearSession, startSession } from '../../shared/session/session-store';
import { dispatchLive } from '../../shared/socket/live-channel';
import { useLiveSession } from './use-live-session';

// No server in unit tests: record what the live channel asks of socket.io.
const ioCalls: unknown[][] = [];
vi.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    ioCalls.push(args);
    return { on: () => {}, disconnect: () => {} };
  },
}));

function Probe() {
  useLiveSession();
  return null;
}

const rfc = 'EKU9003173C9';
const charge = (code: number) => ({ rfc, title: '', message: code === 200 ? 'Cargo aplicado' : 'La tarjeta fue rechazada', code, finished: true, last_update: '2026-11-23T12:00:00Z' });

beforeEach(() => {
  clearSession();
  ioCalls.length = 0;
});

describe('live session', () => {
  it('opens one socket with the token for a confirmed user', async () => {
    startSession({ access_token: 'tok-1', user: { name: 'EKU', rfc, img: null, email: 'e@x.mx', regimen: '601', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 10, contr_stripe: false } });
    renderWithProviders(<Probe />);
    // The socket client library is loaded on demand (not with /login).
    await waitFor(() => expect(ioCalls).toHaveLength(1));
    expect(ioCalls[0][0]).toMatchObject({ path: '/socket.io', auth: { token: 'tok-1' } });
  });
  it('charge events toast success on 200 and warning otherwise, and refresh plan access', async () => {
    startSession({ access_token: 'tok-2', user: { name: 'EKU', rfc, img: null, email: 'e@x.mx', regimen: '601', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 10, contr_stripe: false } });
    const client = testQueryClient();
    client.setQueryData(['plans', rfc, 'user-plan'], { rol: 10 });
    renderWithProviders(<Probe />, client);
    act(() => dispatchLive('frontStEvent', charge(200), rfc));
    expect(await screen.findByText('Pago recibido')).toBeTruthy();
    expect(client.getQueryState(['plans', rfc, 'user-plan'])?.isInvalidated).toBe(true);
    act(() => dispatchLive('frontStEvent', charge(500), rfc));
    expect(await screen.findByText('Problema con tu pago')).toBeTruthy();
    expect(screen.getByText('La tarjeta fue rechazada')).toBeTruthy();
  });
  it('does not connect without a session', () => {
    renderWithProviders(<Probe />);
    expect(ioCalls).toHaveLength(0);
  });
});

describe('a notifying job reaches the user anywhere (the automatic statement)', () => {
  it('toasts on any page, refreshes the statements and fetches the urgent notifications at once', async () => {
    startSession({ access_token: 'tok-3', user: { name: 'EKU', rfc, img: null, email: 'e@x.mx', regimen: '601', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 11, contr_stripe: false } });
    const fetched: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      fetched.push(new URL(String(input), 'http://localhost').pathname);
      return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    const client = testQueryClient();
    client.setQueryData(['statements', rfc, 'list', 1, 10], { data: [] });
    renderWithProviders(<Probe />, client);
    const statement = (code: number, title: string) => ({
      rfc, title, message: 'ISR a pagar 1810.85, IVA a pagar 0.00.', code, finished: true, data: { type: 'STATEMENT' }, warning: null, last_update: '2026-12-01T12:00:00Z',
    });
    act(() => dispatchLive('progress', statement(200, 'Declaración de Noviembre 2026 calculada'), rfc));
    expect(await screen.findByText('Declaración de Noviembre 2026 calculada')).toBeTruthy();
    expect(screen.getByText('ISR a pagar 1810.85, IVA a pagar 0.00.')).toBeTruthy();
    expect(client.getQueryState(['statements', rfc, 'list', 1, 10])?.isInvalidated).toBe(true);
    await waitFor(() => expect(fetched).toContain('/api/notificaciones/urgentes'));
    act(() => dispatchLive('progress', statement(500, 'No se pudo calcular la declaración de Noviembre 2026'), rfc));
    expect(await screen.findByText('No se pudo calcular la declaración de Noviembre 2026')).toBeTruthy();
  });

  it('an ordinary finished job does not toast (its page shows it)', async () => {
    startSession({ access_token: 'tok-4', user: { name: 'EKU', rfc, img: null, email: 'e@x.mx', regimen: '601', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 11, contr_stripe: false } });
    renderWithProviders(<Probe />);
    act(() => dispatchLive('progress', { rfc, title: 'Importación terminada', message: 'x', code: 200, finished: true, data: { type: 'IMPORT' }, last_update: '2026-12-01T12:00:00Z' }, rfc));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Importación terminada')).toBeNull();
  });
});
