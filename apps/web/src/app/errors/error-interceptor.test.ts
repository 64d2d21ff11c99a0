import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import { formatApiErrorLines } from '../../shared/api/format-api-error';
import { createErrorInterceptor, type InterceptorDeps } from './error-interceptor';

function setup(path = '/incomes') {
  let clock = 1_000_000;
  const deps = {
    navigate: vi.fn(),
    pathname: () => path,
    setNavHidden: vi.fn(),
    toastError: vi.fn(),
    toastTooMany: vi.fn(),
    onLockedFeature: vi.fn(),
    onUnauthenticated: vi.fn(),
    onSuccessfulResponse: vi.fn(),
    now: () => clock,
  } satisfies InterceptorDeps;
  const i = createErrorInterceptor(deps);
  return { deps, i, tick: (ms: number) => (clock += ms), setPath: (p: string) => (path = p) };
}

describe('request-error text (§8)', () => {
  it('formats errors as UPPERCASED FIELD: first message lines', () => {
    expect(
      formatApiErrorLines({
        message: 'Los datos enviados no son válidos',
        errors: { rfc: ['El RFC no es válido', 'otro'], email: ['El correo ya existe'] },
      }),
    ).toEqual(['El RFC no es válido', 'El correo ya existe']);
  });
  it('falls back to the message, then to nothing', () => {
    expect(formatApiErrorLines({ message: 'Contraseña incorrecta' })).toEqual(['Contraseña incorrecta']);
    expect(formatApiErrorLines({ message: 'x', errors: {} })).toEqual(['x']);
    expect(formatApiErrorLines({})).toEqual([]);
    expect(formatApiErrorLines(null)).toEqual([]);
  });
});

describe('error interceptor (§8)', () => {
  it('shows the default error toast with the request-error lines', () => {
    const { deps, i } = setup();
    i.onError(new ApiError(422, { message: 'm', errors: { cp: ['El código postal debe tener 5 dígitos'] } }), '/api/x', {});
    expect(deps.toastError).toHaveBeenCalledWith(['El código postal debe tener 5 dígitos']);
  });
  it('passes the body through to the caller without a toast for auth forms', () => {
    const { deps, i } = setup('/login');
    i.onError(new ApiError(401, { message: 'Contraseña incorrecta' }), '/api/login', { passThrough: true });
    i.onError(new ApiError(422, { message: 'x', errors: { rfc: ['y'] } }), '/api/pre-registro', { passThrough: true });
    expect(deps.toastError).not.toHaveBeenCalled();
    expect(deps.onUnauthenticated).not.toHaveBeenCalled();
  });
  it('402 hides the nav and goes to pay-subscription, except on payment pages', () => {
    const { deps, i, setPath } = setup('/incomes');
    i.onError(new ApiError(402, { message: 'pago' }), '/api/x', {});
    expect(deps.setNavHidden).toHaveBeenCalledWith(true);
    expect(deps.navigate).toHaveBeenCalledWith('/suspended-account/pay-subscription');
    for (const p of ['/plans', '/payment-cards', '/suspended-account/pay-subscription']) {
      deps.navigate.mockClear();
      setPath(p);
      i.onError(new ApiError(402, {}), '/api/x', {});
      expect(deps.navigate).not.toHaveBeenCalled();
    }
    expect(deps.toastError).not.toHaveBeenCalled();
  });
  it('a later success shows the nav again and runs the notification check', () => {
    const { deps, i } = setup();
    i.onSuccess('/api/x');
    expect(deps.setNavHidden).toHaveBeenCalledWith(false);
    expect(deps.onSuccessfulResponse).toHaveBeenCalledTimes(1);
  });
  it('403 → /unauthorized, 451 → /suspended-account', () => {
    const { deps, i } = setup();
    i.onError(new ApiError(403, { message: 'No tienes permiso para acceder a este recurso' }), '/api/x', {});
    expect(deps.navigate).toHaveBeenLastCalledWith('/unauthorized');
    i.onError(new ApiError(451, {}), '/api/x', { passThrough: true });
    expect(deps.navigate).toHaveBeenLastCalledWith('/suspended-account');
  });
  it('a plan-locked 403 opens the upgrade dialog and stays on the page', () => {
    const { deps, i } = setup();
    i.onError(new ApiError(403, { message: 'Actualiza a premium para desbloquear esta funcionalidad' }), '/api/employees', {});
    expect(deps.onLockedFeature).toHaveBeenCalledTimes(1);
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.toastError).not.toHaveBeenCalled();
  });
  it('429 toasts once and the guard clears after 3 s', () => {
    const { deps, i, tick } = setup();
    const e = new ApiError(429, { message: 'Demasiadas' });
    i.onError(e, '/api/login', { passThrough: true });
    i.onError(e, '/api/login', { passThrough: true });
    tick(2999);
    i.onError(e, '/api/login', {});
    expect(deps.toastTooMany).toHaveBeenCalledTimes(1);
    tick(1);
    i.onError(e, '/api/login', {});
    expect(deps.toastTooMany).toHaveBeenCalledTimes(2);
    expect(deps.toastError).not.toHaveBeenCalled();
  });
  it('401 outside the login forms ends the session', () => {
    const { deps, i } = setup();
    i.onError(new ApiError(401, { message: 'Token inválido' }), '/api/user/plan', {});
    expect(deps.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(deps.toastError).not.toHaveBeenCalled();
  });
});
