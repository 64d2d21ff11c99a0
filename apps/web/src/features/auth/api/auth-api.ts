// The entry (login, guard, session) imports its area's entries, not the whole table: /login stays small (issue 19).
import { authRoutes } from '@facturo/contract/routes/auth';
import { type LoginInput, type PreRegisterInput, type CompleteAccountInput } from '@facturo/contract';
import { call } from '../../../shared/api/call';

// §8 pass-through: these forms show the error body on their fields, not in the default toast.
const passThrough = true;

export const login = (input: LoginInput) => call(authRoutes['auth.login'], { body: input, passThrough });

/** 201 `{message}`: the code goes out by mail. */
export const preRegister = (input: PreRegisterInput) => call(authRoutes['auth.preRegister'], { body: input, passThrough });

/** Login-shaped answer (auto-login). */
export const verifyAccount = (input: { email: string; code: string }) => call(authRoutes['auth.verify'], { body: input, passThrough });

export const resendVerificationCode = (email: string) => call(authRoutes['auth.resendCode'], { body: { email }, passThrough });

/** Login-shaped answer with profile_completed true. */
export const completeAccount = (input: CompleteAccountInput) => call(authRoutes['auth.completeAccount'], { body: input, passThrough });

export const sendResetCode = (email: string) => call(authRoutes['auth.sendResetCode'], { body: { email }, passThrough });

export const resetPassword = (input: { email: string; code: string; password: string; password_confirmation: string }) =>
  call(authRoutes['auth.resetPassword'], { body: input, passThrough });

