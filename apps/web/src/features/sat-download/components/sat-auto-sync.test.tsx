import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../shared/test/render';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { setPeriod } from '../../../shared/period/period-store';
import { SatDownloadButton } from './sat-download-button';

const session = {
  access_token: 'tok',
  user: { name: 'Prueba', rfc: 'EKU9003173C9', img: null, email: 'a@b.mx', regimen: '601', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 11, contr_stripe: false },
} as never;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => clearSession());

/** A fake API keeping the setting as the server would; the days are refused above 10 as the contract does. */
function fakeApi(initial: Record<string, unknown>) {
  let stored = { ...initial };
  const puts: unknown[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/sat/descargas/ajustes') return json(404, { message: 'No encontrado' });
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      if (body.dias > 10) return json(422, { message: 'Datos inválidos', errors: { dias: ['Los días van de 1 a 10'] } });
      stored = { ...stored, ...body };
    }
    return json(200, stored);
  }) as typeof fetch;
  return puts;
}

describe('<SatAutoSync /> in the SAT download dialog', () => {
  it('shows the account\'s setting, turns the daily download on with its days, and shows the last run', async () => {
    startSession(session);
    setPeriod({ month: 11, year: 2026 });
    const puts = fakeApi({ autoSync: false, dias: 3, ultimaEjecucion: null, ultimoResultado: null });

    renderWithProviders(<SatDownloadButton tipo="recibidos" />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar del SAT' }));
    const box = await screen.findByTestId('sat-auto-sync', {}, { timeout: 5000 });
    const toggle = within(box).getByRole('switch', { name: /Descargar automáticamente cada día/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(box.textContent).toContain('Aún no se ha ejecutado');
    const save = within(box).getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(toggle);
    const days = within(box).getByRole('textbox', { name: 'Días hacia atrás' });
    fireEvent.change(days, { target: { value: '5' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(puts).toEqual([{ autoSync: true, dias: 5 }]));
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(toggle.checked).toBe(true);
  }, 30_000);

  it('shows a 422 naming the days, and the last run\'s result when there was one', async () => {
    startSession(session);
    setPeriod({ month: 11, year: 2026 });
    const puts = fakeApi({ autoSync: true, dias: 3, ultimaEjecucion: '2026-11-26T12:00:00Z', ultimoResultado: 'Se iniciaron 2 descargas (emitidos y recibidos de noviembre 2026)' });

    renderWithProviders(<SatDownloadButton tipo="emitidos" />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar del SAT' }));
    const box = await screen.findByTestId('sat-auto-sync', {}, { timeout: 5000 });
    expect(within(box).getByTestId('sat-auto-sync-last').textContent).toMatch(/^Última ejecución: 26\/11\/2026.*Se iniciaron 2 descargas/);
    expect((within(box).getByRole('switch') as HTMLInputElement).checked).toBe(true);

    // The input clamps to its max on blur; a value typed and saved at once still reaches the API and its 422 shows.
    fireEvent.change(within(box).getByRole('textbox', { name: 'Días hacia atrás' }), { target: { value: '12' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Guardar' }));
    expect(await within(box).findByTestId('sat-auto-sync-error')).toHaveProperty('textContent', expect.stringContaining('Los días van de 1 a 10'));
    expect(puts).toEqual([{ autoSync: true, dias: 12 }]);
  }, 30_000);
});
