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
const ID = '8b0e7c36-3f7c-4d0e-9a53-0a4f1f1f1f1f';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const base = { id: ID, tipo: 'recibidos', month: 10, year: 2026, total: 0, imported: 0, duplicated: 0, rejected: 0, rejections: [], warning: null, message: null, progress: 0, created_at: '', updated_at: '' };

afterEach(() => clearSession());

describe('<SatDownloadButton />', () => {
  it('asks for the selected month with the fixed tipo, shows the result with SAT\'s warning, and resets 5 s after the end (spec §4, §9)', async () => {
    startSession(session);
    setPeriod({ month: 10, year: 2026 });
    const posts: unknown[] = [];
    let polls = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/sat/descargas' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(202, { id: ID });
      }
      if (url.pathname === `/api/sat/descargas/${ID}`) {
        polls += 1;
        return json(200, polls < 2 ? { ...base, status: 'running', progress: 40 } : {
          ...base, status: 'done', progress: 100, total: 3, imported: 0, duplicated: 3, warning: 'Ya hay una solicitud igual en proceso en el SAT',
          rejections: [{ file: 'P_02.zip', reason: 'El SAT no entregó el paquete (código 5007)' }],
        });
      }
      return json(404, { message: 'No encontrado' });
    }) as typeof fetch;

    renderWithProviders(<SatDownloadButton tipo="recibidos" />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar del SAT' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('tus CFDI recibidos de Octubre 2026');
    expect(within(dialog).queryByTestId('sat-download-tipo')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));

    const result = await screen.findByTestId('sat-download-result', {}, { timeout: 5000 });
    expect(posts).toEqual([{ month: 10, year: 2026, tipo: 'recibidos' }]);
    expect(within(result).getByTestId('sat-download-duplicated').textContent).toBe('3');
    expect(within(result).getByTestId('sat-download-warning').textContent).toContain('Ya hay una solicitud igual en proceso');
    expect(result.textContent).toContain('P_02.zip: El SAT no entregó el paquete (código 5007)');
    // The state clears 5 s after the end: the dialog goes away on its own.
    await waitFor(() => expect(screen.queryByTestId('sat-download-result')).toBeNull(), { timeout: 8000 });
  }, 60_000);

  it('on the dashboard the tipo is chosen; a 409 without e.firma is shown in the dialog', async () => {
    startSession(session);
    setPeriod({ month: 9, year: 2026 });
    const posts: unknown[] = [];
    globalThis.fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      posts.push(JSON.parse(String(init.body)));
      return json(409, { message: 'Para descargar del SAT necesitas tu e.firma: súbela en Perfil › e.firma' });
    }) as typeof fetch;
    renderWithProviders(<SatDownloadButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar del SAT' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Emitidos'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    const error = await within(dialog).findByTestId('sat-download-error');
    expect(error.textContent).toContain('necesitas tu e.firma');
    expect(posts).toEqual([{ month: 9, year: 2026, tipo: 'emitidos' }]);
  });
});
