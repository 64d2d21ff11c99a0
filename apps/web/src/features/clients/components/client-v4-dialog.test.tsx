import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Client } from '@facturo/contract';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { ClientV4Dialog } from './client-v4-dialog';

/** A persona moral saved with the régimen capital in its name and an uso its régimen does not allow. */
const flagged: Client = {
  id: 41, rfc: 'NAN900101AB1', r_social: 'ÑANDÚ COMERCIAL, S.A. de C.V.', email: [], persona: 'moral',
  regimen: '601', regimen_descripcion: 'General de Ley Personas Morales', uso_cfdi: 'D01', uso_cfdi_descripcion: 'Honorarios médicos',
  domicilio: { cp: '06600' }, state: 'CMX', state_name: 'Ciudad de México', municipality: '015', municipality_name: 'Cuauhtémoc',
  pais: 'MEX', num_reg_id_trib: null,
  v4_missing: [
    { field: 'r_social', suggestion: 'ÑANDÚ COMERCIAL', message: 'En CFDI 4.0 la razón social va sin el régimen capital (S.A. de C.V.), como en su constancia: ÑANDÚ COMERCIAL' },
    { field: 'uso_cfdi', message: 'El uso del CFDI D01 no es compatible con el régimen 601 de una persona moral' },
  ],
  display: 'NAN900101AB1 - ÑANDÚ COMERCIAL, S.A. de C.V.', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};

const regimes = { regimen: [
  { clave: '601', descripcion: 'General de Ley Personas Morales', fisica: false, moral: true },
  { clave: '612', descripcion: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
] };
const usos = { usos: [{ clave: 'G03', descripcion: 'Gastos en general', fisica: true, moral: true }] };

function setup(patch: (body: Record<string, unknown>) => { status?: number; body?: unknown }) {
  const calls = mockFetch((url, init) => {
    if (url.pathname === '/api/clients/tax-regimes') return { body: regimes };
    if (url.pathname === '/api/catalogs/usos-cfdi') return { body: usos };
    if (url.pathname === '/api/clients/41/v4' && init.method === 'PATCH') return patch(JSON.parse(String(init.body)));
    return undefined;
  });
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<ClientV4Dialog rfc="EKU9003173C9" client={flagged} onClose={onClose} onSaved={onSaved} />);
  return { calls, onSaved, onClose };
}

describe('ClientV4Dialog (Completar datos CFDI 4.0)', { timeout: 30_000 }, () => {
  it('lists what the API flags, proposes the name without the régimen capital and warns while typing it back', async () => {
    setup(() => ({ status: 500 }));
    const gaps = await screen.findByTestId('client-v4-gaps');
    expect(within(gaps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      flagged.v4_missing[0]!.message, flagged.v4_missing[1]!.message,
    ]);
    const name = screen.getByLabelText('Razón social') as HTMLInputElement;
    expect(name.value).toBe('ÑANDÚ COMERCIAL');
    // A refused uso is not proposed again; the régimen the catalogs accept stays.
    expect((screen.getByRole('combobox', { name: 'Uso del CFDI' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Código postal del domicilio fiscal') as HTMLInputElement).value).toBe('06600');

    fireEvent.change(name, { target: { value: 'ÑANDÚ COMERCIAL SAPI DE CV' } });
    expect(await screen.findByText('Lleva el régimen capital (SAPI DE CV): en CFDI 4.0 va sin él')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitarlo' }));
    await waitFor(() => expect(name.value).toBe('ÑANDÚ COMERCIAL'));
    expect(screen.queryByText(/Lleva el régimen capital/)).toBeNull();
  });

  it('sends the four fields in one PATCH v4, shows the API field message, then saves and hands back the customer', async () => {
    let reply: { status?: number; body?: unknown } = {
      status: 422, body: { message: 'Selecciona un uso del CFDI del catálogo', errors: { uso_cfdi: ['Selecciona un uso del CFDI del catálogo'] } },
    };
    const { calls, onSaved, onClose } = setup(() => reply);
    await screen.findByTestId('client-v4-gaps');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    expect(await screen.findByText('Selecciona un uso del CFDI del catálogo')).toBeTruthy();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toEqual([{ url: '/api/clients/41/v4', method: 'PATCH', body: { r_social: 'ÑANDÚ COMERCIAL', regimen: '601', uso_cfdi: '', cp: '06600' } }]);
    expect(onSaved).not.toHaveBeenCalled();

    // Pick the uso the régimen allows and save again.
    fireEvent.click(screen.getByRole('combobox', { name: 'Uso del CFDI' }));
    fireEvent.click(await screen.findByText('G03 - Gastos en general'));
    const saved: Client = { ...flagged, r_social: 'ÑANDÚ COMERCIAL', uso_cfdi: 'G03', v4_missing: [], display: 'NAN900101AB1 - ÑANDÚ COMERCIAL' };
    reply = { body: saved };
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ r_social: 'ÑANDÚ COMERCIAL', regimen: '601', uso_cfdi: 'G03', cp: '06600' });
  });
});
