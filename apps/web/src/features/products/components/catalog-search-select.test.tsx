import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { CatalogSearchSelect } from './catalog-search-select';

const session = {
  access_token: 'tok',
  user: { name: 'Prueba', rfc: 'XAXX010101000', img: null, email: 'a@b.mx', regimen: '612', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 11, contr_stripe: false },
} as never;

afterEach(() => clearSession());

/** The visible input of the Select (its dropdown carries the same label). */
const field = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'hidden') as HTMLInputElement;

describe('<CatalogSearchSelect /> with a value set from outside (substitute / credit-note drafts)', () => {
  it('shows the clave with its SAT description, looked up by clave, instead of an empty field', async () => {
    startSession(session);
    const calls = mockFetch((url) => url.pathname === '/api/products/find-service' && url.searchParams.get('search') === '84111506'
      ? { body: [{ clave: '84111506', descripcion: 'Servicios de facturación' }] }
      : { body: [] });
    renderWithProviders(<CatalogSearchSelect kind="service" label="Clave de producto o servicio" value="84111506" onChange={() => undefined} />);
    const input = field('Clave de producto o servicio');
    await waitFor(() => expect(input.value).toBe('84111506 - Servicios de facturación'));
    expect(calls.map((c) => c.url)).toContain('/api/products/find-service?search=84111506');
  });

  it('shows the bare clave when the catalog does not know it', async () => {
    startSession(session);
    mockFetch(() => ({ body: [] }));
    renderWithProviders(<CatalogSearchSelect kind="service" label="Clave de producto o servicio" value="43232408" onChange={() => undefined} />);
    const input = field('Clave de producto o servicio');
    await waitFor(() => expect(input.value).toBe('43232408'));
  });

  it('keeps the given label without asking the server when the caller knows it', async () => {
    startSession(session);
    const calls = mockFetch(() => ({ body: [] }));
    renderWithProviders(<CatalogSearchSelect kind="unit" label="Clave de unidad" value="ACT" initialLabel="Actividad" onChange={() => undefined} />);
    const input = field('Clave de unidad');
    expect(input.value).toBe('ACT - Actividad');
    expect(calls).toHaveLength(0);
  });
});
