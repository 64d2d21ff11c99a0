import { routes, type LoginInput, type PreRegisterInput, type CompleteAccountInput } from '@facturo/contract';
import { call } from '../../../shared/api/call';

// §8 pass-through: these forms show the error body on their fields, not in the default toast.
const passThrough = true;

export const login = (input: LoginInput) => call(routes['auth.login'], { body: input, passThrough });

/** 201 `{message}`: the code goes out by mail. */
export const preRegister = (input: PreRegisterInput) => call(routes['auth.preRegister'], { body: input, passThrough });

/** Login-shaped answer (auto-login). */
export const verifyAccount = (input: { email: string; code: string }) => call(routes['auth.verify'], { body: input, passThrough });

export const resendVerificationCode = (email: string) => call(routes['auth.resendCode'], { body: { email }, passThrough });

/** Login-shaped answer with profile_completed true. */
export const completeAccount = (input: CompleteAccountInput) => call(routes['auth.completeAccount'], { body: input, passThrough });

export const sendResetCode = (email: string) => call(routes['auth.sendResetCode'], { body: { email }, passThrough });

export const resetPassword = (input: { email: string; code: string; password: string; password_confirmation: string }) =>
  call(routes['auth.resetPassword'], { body: input, passThrough });

/** Errors ignored: the local session is cleared anyway. */
export const logoutRequest = () => call(routes['auth.logout'], { passThrough }).catch(() => undefined);

export const getRegistrationCatalogs = (signal?: AbortSignal) => call(routes['auth.catalogs'], { signal });

/** §5: municipalities with no state id are an empty list without a call. */
export async function getMunicipios(stateId: string | null | undefined, signal?: AbortSignal) {
  if (!stateId) return [];
  return (await call(routes['auth.municipalities'], { params: { stateId }, signal })).municipios;
}
