import type { LoginInput, LoginResponse, PreRegisterInput, CompleteAccountInput } from '@facturo/contract';
import { apiPost } from '../../../shared/api/api-client';

// §8 pass-through: these forms show the error body on their fields, not in the default toast.
const passThrough = { passThrough: true } as const;

/** `POST /api/login`. */
export const login = (input: LoginInput) => apiPost<LoginResponse>('/api/login', input, passThrough);

/** `POST /api/pre-registro` → 201 `{message}`. */
export const preRegister = (input: PreRegisterInput) => apiPost<{ message: string }>('/api/pre-registro', input, passThrough);

/** `POST /api/verificar-cuenta` → login-shaped body (auto-login). */
export const verifyAccount = (input: { email: string; code: string }) =>
  apiPost<LoginResponse>('/api/verificar-cuenta', input, passThrough);

/** `POST /api/verificar-cuenta/reenviar`. */
export const resendVerificationCode = (email: string) =>
  apiPost<{ message?: string }>('/api/verificar-cuenta/reenviar', { email }, passThrough);

/** `POST /api/crear-cuenta` → login-shaped body with profile_completed true. */
export const completeAccount = (input: CompleteAccountInput) =>
  apiPost<LoginResponse>('/api/crear-cuenta', input, passThrough);

/** `POST /api/sendCodigoCambiarPassword`. */
export const sendResetCode = (email: string) =>
  apiPost<{ message?: string }>('/api/sendCodigoCambiarPassword', { email }, passThrough);

/** `POST /api/resetPassword`. */
export const resetPassword = (input: { email: string; code: string; password: string; password_confirmation: string }) =>
  apiPost<{ message?: string }>('/api/resetPassword', input, passThrough);

