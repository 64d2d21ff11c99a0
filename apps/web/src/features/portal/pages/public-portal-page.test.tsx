import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { reloadSession, getToken } from '../../../shared/session/session-store';
import { storageKeys } from '../../../shared/storage/storage-keys';
import { writeString } from '../../../shared/storage/local-store';
import { PublicPortalPage } from './public-portal-page';

const page = (slug = 'mi-tienda') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/f/${slug}`]}>
      <Routes><Route path="/f/:slug" element={<PublicPortalPage />} /></Routes>
    </MemoryRouter>,
  );

describe('<PublicPortalPage /> (issue 29 §6)', () => {
  it('an unknown portal says so', async () => {
    mockFetch(() => ({ status: 404, body: { message: 'Este portal de facturación no existe o no está disponible' } }));
    page('nadie');
    expect(await screen.findByTestId('portal-unknown')).toBeTruthy();
  });

  it('proves the ticket, prefills the exact RFC, invoices it and shows the UUID; no session token is sent', async () => {
    // A signed-in owner opening a portal in the same browser: their token must not travel.
    writeString(storageKeys.accessToken, 'token-de-otra-sesion');
    reloadSession();
    expect(getToken()).toBe('token-de-otra-sesion');
    const calls = mockFetch((url, init) => {
      const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
      if (auth) return { status: 500, body: { message: 'no debe enviar token' } };
      if (url.pathname === '/api/portal/mi-tienda') return { body: { nombre: 'Tienda Ñandú', logo: false } };
      if (url.pathname === '/api/portal/mi-tienda/ticket') return { body: { folio: 'A-1', fecha: '2026-11-28', total: '116.00', conceptos: [{ descripcion: 'Café', cantidad: '1' }] } };
      if (url.pathname === '/api/portal/mi-tienda/receptor') return { body: { nombre: 'ANA TORRES RUIZ', cp: '44100', regimen: '612', usoCfdi: 'G03' } };
      if (url.pathname === '/api/portal/mi-tienda/facturar') {
        return { status: 201, body: { uuid: '11111111-2222-4333-8444-555555555555', total: '116.00', xmlUrl: '/x', pdfUrl: '/p', correo: 'Te enviamos la factura a ana@ejemplo.mx' } };
      }
      return undefined;
    });
    page();
    expect(await screen.findByText('Tienda Ñandú')).toBeTruthy();
    fireEvent.change(screen.getByTestId('portal-folio'), { target: { value: 'A-1' } });
    fireEvent.change(screen.getByTestId('portal-total'), { target: { value: '$116.00' } });
    fireEvent.click(screen.getByTestId('portal-find'));
    expect(await screen.findByTestId('portal-ticket')).toBeTruthy();
    const rfc = screen.getByTestId('portal-rfc');
    fireEvent.change(rfc, { target: { value: 'TORA800101AB1' } });
    fireEvent.blur(rfc, { target: { value: 'TORA800101AB1' } });
    await screen.findByDisplayValue('ANA TORRES RUIZ');
    fireEvent.change(screen.getByTestId('portal-email'), { target: { value: 'ana@ejemplo.mx' } });
    fireEvent.click(screen.getByTestId('portal-facturar'));
    expect((await screen.findByTestId('portal-uuid')).textContent).toBe('11111111-2222-4333-8444-555555555555');
    const sent = calls.find((c) => c.url === '/api/portal/mi-tienda/facturar');
    expect(sent?.body).toEqual({ folio: 'A-1', total: '116.00', rfc: 'TORA800101AB1', nombre: 'ANA TORRES RUIZ', cp: '44100', regimen: '612', usoCfdi: 'G03', email: 'ana@ejemplo.mx' });
    expect(calls.find((c) => c.url === '/api/portal/mi-tienda/receptor')?.body).toMatchObject({ folio: 'A-1', total: '116.00' });
  });

  it('fills RFC, nombre, CP and régimen from the constancia PDF (editable afterwards)', async () => {
    // The shared mockFetch reads bodies as JSON; the upload is a FormData, so this test answers fetch itself.
    const sent: { path: string; body: unknown }[] = [];
    const answers: Record<string, unknown> = {
      '/api/portal/mi-tienda': { nombre: 'Tienda Ñandú', logo: false },
      '/api/portal/mi-tienda/ticket': { folio: 'A-1', fecha: '2026-11-28', total: '116.00', conceptos: [] },
      '/api/portal/mi-tienda/constancia': { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', cp: '06600', regimen: '601', regimenes: ['601'] },
    };
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      sent.push({ path, body: init.body });
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { message: 'No encontrado' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    page();
    await screen.findByText('Tienda Ñandú');
    fireEvent.change(screen.getByTestId('portal-folio'), { target: { value: 'A-1' } });
    fireEvent.change(screen.getByTestId('portal-total'), { target: { value: '116' } });
    fireEvent.click(screen.getByTestId('portal-find'));
    await screen.findByTestId('portal-ticket');
    const pdf = new File(['%PDF-1.4'], 'constancia.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('portal-csf'), { target: { files: [pdf] } });
    expect(await screen.findByDisplayValue('ESCUELA KEMPER URGATE')).toBeTruthy();
    expect((screen.getByTestId('portal-rfc') as HTMLInputElement).value).toBe('EKU9003173C9');
    expect((screen.getByTestId('portal-cp') as HTMLInputElement).value).toBe('06600');
    expect((screen.getByTestId('portal-regimen') as HTMLSelectElement).value).toBe('601');
    const upload = sent.find((c) => c.path === '/api/portal/mi-tienda/constancia')?.body as FormData;
    expect([upload.get('folio'), upload.get('total'), (upload.get('file') as File).name]).toEqual(['A-1', '116', 'constancia.pdf']);
    fireEvent.change(screen.getByTestId('portal-nombre'), { target: { value: 'ESCUELA KEMPER' } });
    expect((screen.getByTestId('portal-nombre') as HTMLInputElement).value).toBe('ESCUELA KEMPER');
  });
});
