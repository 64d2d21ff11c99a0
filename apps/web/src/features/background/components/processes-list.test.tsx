import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../shared/test/render';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { PROCESS_TYPES } from '@facturo/contract';
import es from '../../../shared/i18n/locales/es.json';
import { ProcessesList } from './processes-list';

const session = {
  access_token: 'tok',
  user: { name: 'Prueba', rfc: 'XAXX010101000', img: null, email: 'a@b.mx', regimen: '612', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 10, contr_stripe: false },
} as never;

afterEach(() => clearSession());

describe('<ProcessesList />', () => {
  it('asks for the processes while logged in and never after logout (issue 18: 401 after logout)', async () => {
    startSession(session);
    const calls = mockFetch((url) => (url.pathname === '/api/background/process' ? { body: { data: [] } } : undefined));
    renderWithProviders(<ProcessesList />);
    expect(await screen.findByText('No hay procesos en curso')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/background/process')).toHaveLength(1);
    act(() => clearSession());
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(calls.filter((c) => c.url === '/api/background/process')).toHaveLength(1);
  });

  it('every process type has its Spanish name (issue 25 §9: "PAYROLL" used to show as is)', () => {
    const types = (es as { jobs: { types: Record<string, string> } }).jobs.types;
    for (const type of PROCESS_TYPES) {
      expect(types[type], type).toBeTruthy();
      expect(types[type]).not.toBe(type);
    }
    expect(types.PAYROLL).toBe('Timbrado de nómina');
  });
});
