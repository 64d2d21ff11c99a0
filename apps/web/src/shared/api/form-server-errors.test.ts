import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { applyServerErrors, setServerErrors } from './form-server-errors';

function recorder() {
  const placed: Record<string, string> = {};
  const setError = ((path: string, e: { message?: string }) => {
    placed[path] = e.message ?? '';
  }) as never;
  return { placed, setError };
}

const body = { message: 'Datos inválidos', errors: { rfc: ['El RFC ya existe'], 'percepciones.0.importe': ['Máximo 2,000,000'], extra: ['Otro error'] } };

describe('setServerErrors', () => {
  it('places known and nested keys on their fields; the rest come back as lines', () => {
    const { placed, setError } = recorder();
    const lines = setServerErrors(new ApiError(422, body), setError, ['rfc', 'percepciones']);
    expect(placed).toEqual({ rfc: 'El RFC ya existe', 'percepciones.0.importe': 'Máximo 2,000,000' });
    expect(lines).toEqual(['Otro error']);
  });

  it('with nested: false a nested key goes to the alert lines', () => {
    const { placed, setError } = recorder();
    const lines = setServerErrors(new ApiError(422, body), setError, ['rfc', 'percepciones'], { nested: false });
    expect(placed).toEqual({ rfc: 'El RFC ya existe' });
    expect(lines).toEqual(['Máximo 2,000,000', 'Otro error']);
  });

  it('is null when the interceptor already told the user (429)', () => {
    const { setError } = recorder();
    expect(setServerErrors(new ApiError(429, body), setError, ['rfc'])).toBeNull();
  });
});

describe('applyServerErrors', () => {
  it('returns the body message when no field matches, else the fallback', () => {
    const { setError } = recorder();
    expect(applyServerErrors(new ApiError(401, { message: 'Contraseña incorrecta' }), setError, [], 'Algo salió mal')).toBe('Contraseña incorrecta');
    expect(applyServerErrors(new ApiError(500, {}), setError, [], 'Algo salió mal')).toBe('Algo salió mal');
    expect(applyServerErrors(new ApiError(0, {}), setError, [], 'Sin conexión')).toBe('Sin conexión');
    expect(applyServerErrors(new Error('x'), setError, [], 'Sin conexión')).toBe('Sin conexión');
  });

  it('is null when every error landed on a field, and joins the others', () => {
    const { placed, setError } = recorder();
    expect(applyServerErrors(new ApiError(422, { errors: { email: ['Correo repetido'] } }), setError, ['email' as never], 'x')).toBeNull();
    expect(placed).toEqual({ email: 'Correo repetido' });
    expect(applyServerErrors(new ApiError(422, { errors: { a: ['Uno'], b: 'Dos' } }), setError, [], 'x')).toBe('Uno\nDos');
  });
});
