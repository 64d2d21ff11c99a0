import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from './session-types';
import { sessionEntries } from './session-entries';
import { clearSession, getToken, startSession } from './session-store';

const response: LoginResponse = {
  access_token: 'tok',
  user: {
    name: 'Ana Pérez', rfc: 'PEAA800101AB1', img: null, email: 'ana@example.com', regimen: '612', clave_sat: null,
    is_confirmed: true, profile_completed: true, rol: 10, contr_stripe: false,
  },
  filters: { year: 2026, month: 11 },
};

describe('sessionEntries (what a login leaves in local storage)', () => {
  afterEach(() => {
    clearSession();
    localStorage.clear();
  });

  it('gives the token, the stored user and the login month and year', () => {
    const entries = Object.fromEntries(sessionEntries(response));
    expect(entries.accessToken).toBe('tok');
    expect(JSON.parse(entries.userData)).toMatchObject({ username: 'PEAA800101AB1', fullName: 'Ana Pérez', role: 'client', rol_id: 10 });
    expect(entries.month).toBe('11');
    expect(entries.year).toBe('2026');
    expect(Object.keys(Object.fromEntries(sessionEntries({ ...response, filters: undefined })))).toEqual(['accessToken', 'userData']);
  });

  it('is exactly what startSession writes', () => {
    startSession(response);
    for (const [key, value] of sessionEntries(response)) expect(localStorage.getItem(key)).toBe(value);
    expect(getToken()).toBe('tok');
  });
});
