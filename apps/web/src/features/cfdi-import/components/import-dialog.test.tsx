import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../../shared/test/render';
import { usePeriod } from '../../../shared/period/period-store';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { ImportCfdiDialog } from './import-dialog';

const session = {
  access_token: 'tok',
  user: { name: 'Prueba', rfc: 'XAXX010101000', img: null, email: 'a@b.mx', regimen: '612', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 11, contr_stripe: false },
} as never;
const ID = '8b0e7c36-3f7c-4d0e-9a53-0a4f1f1f1f1f';

afterEach(() => clearSession());

describe('<ImportCfdiDialog />', () => {
  it('uploads the picked files as multipart, follows the import and shows imported, duplicated and each rejection', async () => {
    startSession(session);
    const sent: { url: string; method: string; files: string[] }[] = [];
    let polls = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const files = init.body instanceof FormData ? init.body.getAll('files').map((f) => (f as File).name) : [];
      sent.push({ url: url.pathname, method: init.method ?? 'GET', files });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/cfdi/import' && init.method === 'POST') return json(202, { id: ID });
      if (url.pathname === `/api/cfdi/import/${ID}`) {
        polls += 1;
        return json(200, polls < 2
          ? { status: 'running', total: 4, imported: 1, duplicated: 0, rejected: [], message: null, progress: 40 }
          : {
            status: 'done', total: 4, imported: 2, duplicated: 1, message: null, progress: 100, rejected: [
              { file: 'mes.zip/b.xml', reason: 'Duplicado: el CFDI ABC ya estaba registrado' },
              { file: 'mes.zip/roto.xml', reason: 'El XML no está bien formado' },
            ],
          });
      }
      return json(404, { message: 'No encontrado' });
    }) as typeof fetch;

    renderWithProviders(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ImportCfdiDialog opened onClose={() => undefined} /> }])} />);
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    const zip = new File(['PK'], 'mes.zip', { type: 'application/zip' });
    const xml = new File(['<x/>'], 'a.xml', { type: 'text/xml' });
    fireEvent.change(input, { target: { files: [zip, xml] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));

    const result = await screen.findByTestId('import-result', {}, { timeout: 5000 });
    expect(sent.find((c) => c.method === 'POST')).toEqual({ url: '/api/cfdi/import', method: 'POST', files: ['mes.zip', 'a.xml'] });
    expect(within(result).getByTestId('import-imported').textContent).toBe('2');
    expect(within(result).getByTestId('import-duplicated').textContent).toBe('1');
    // Duplicates are counted apart; the rejected figure is the refused files only.
    expect(within(result).getByTestId('import-rejected').textContent).toBe('1');
    expect(within(result).getByTestId('import-rejections').textContent).toContain('mes.zip/roto.xml: El XML no está bien formado');
    expect(screen.getByTestId('job-progress')).toBeTruthy();
    // Polling stops once the import is done.
    const after = polls;
    await new Promise((r) => setTimeout(r, 1300));
    await waitFor(() => expect(polls).toBe(after));
  });
  it('says where the documents went, issued and received per month, and each link opens that month\'s list', async () => {
    startSession(session);
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/cfdi/import' && init.method === 'POST') return json(202, { id: ID });
      if (url.pathname === `/api/cfdi/import/${ID}`) {
        return json(200, {
          status: 'done', total: 4, imported: 4, duplicated: 0, message: null, progress: 100, rejected: [],
          destinations: [
            { direction: 'emitido', year: 2025, month: 11, count: 1 },
            { direction: 'recibido', year: 2025, month: 10, count: 2 },
            { direction: 'recibido', year: 2025, month: 11, count: 1 },
          ],
        });
      }
      return json(404, { message: 'No encontrado' });
    }) as typeof fetch;
    let closed = 0;
    function Outcomes() {
      const p = usePeriod();
      return <p data-testid="outcomes-page">Gastos {p.month}/{p.year}</p>;
    }
    const router = createMemoryRouter([
      { path: '/', element: <ImportCfdiDialog opened onClose={() => { closed += 1; }} /> },
      { path: '/outcomes', element: <Outcomes /> },
      { path: '/incomes', element: <p>Ingresos</p> },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File(['PK'], 'mes.zip', { type: 'application/zip' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));

    const where = await screen.findByTestId('import-destinations', {}, { timeout: 5000 });
    expect(where.textContent).toContain('Dónde quedaron');
    const issued = within(where).getByTestId('import-destination-emitido-2025-11');
    expect(issued.textContent).toContain('1 CFDI emitido de noviembre de 2025');
    expect(within(issued).getByRole('link', { name: 'Ver en Ingresos' }).getAttribute('href')).toBe('/incomes');
    const october = within(where).getByTestId('import-destination-recibido-2025-10');
    expect(october.textContent).toContain('2 CFDI recibidos de octubre de 2025');
    expect(within(where).getByTestId('import-destination-recibido-2025-11').textContent).toContain('1 CFDI recibido de noviembre de 2025');

    fireEvent.click(within(october).getByRole('link', { name: 'Ver en Gastos' }));
    // The link selects October 2025 in the period filter, closes the dialog and opens Gastos.
    expect((await screen.findByTestId('outcomes-page')).textContent).toBe('Gastos 10/2025');
    expect(router.state.location.pathname).toBe('/outcomes');
    expect(closed).toBe(1);
  });
});
