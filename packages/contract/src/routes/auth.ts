import {
  completeAccountSchema, loginResponseSchema, loginSchema, messageResponseSchema, municipiosResponseSchema, preRegisterSchema,
  registrationCatalogsSchema, resendCodeSchema, resetPasswordSchema, sendResetCodeSchema, verifyAccountSchema,
} from '../auth';
import { stateParamsSchema } from '../catalogs';
import { route } from '../route';

/** Login and registration need no token; the API adds its per-route auth rate limit when serving them. */
const open = { public: true } as const;
/** The session itself: reachable before the profile is complete and while unpaid. */
const session = { allowIncomplete: true, allowUnpaid: true } as const;

/** Spec §7.2: registration, verification, login, password reset — at exactly those paths. */
export const authRoutes = {
  'auth.preRegister': route({ method: 'POST', path: '/api/pre-registro', body: preRegisterSchema, status: 201, response: messageResponseSchema, access: open }),
  'auth.verify': route({ method: 'POST', path: '/api/verificar-cuenta', body: verifyAccountSchema, response: loginResponseSchema, access: open }),
  'auth.resendCode': route({ method: 'POST', path: '/api/verificar-cuenta/reenviar', body: resendCodeSchema, response: messageResponseSchema, access: open }),
  'auth.catalogs': route({ method: 'GET', path: '/api/crear-cuenta/catalogs', response: registrationCatalogsSchema, access: open }),
  'auth.municipalities': route({
    method: 'GET', path: '/api/crear-cuenta/municipios/:stateId', params: stateParamsSchema, response: municipiosResponseSchema, access: open,
  }),
  'auth.completeAccount': route({
    method: 'POST', path: '/api/crear-cuenta', body: completeAccountSchema, response: loginResponseSchema, access: { allowIncomplete: true },
  }),
  'auth.login': route({ method: 'POST', path: '/api/login', body: loginSchema, response: loginResponseSchema, access: open }),
  'auth.logout': route({ method: 'POST', path: '/api/logout', response: messageResponseSchema, access: session }),
  'auth.session': route({ method: 'GET', path: '/api/user', response: loginResponseSchema, access: session }),
  'auth.sendResetCode': route({ method: 'POST', path: '/api/sendCodigoCambiarPassword', body: sendResetCodeSchema, response: messageResponseSchema, access: open }),
  'auth.resetPassword': route({ method: 'POST', path: '/api/resetPassword', body: resetPasswordSchema, response: messageResponseSchema, access: open }),
};
