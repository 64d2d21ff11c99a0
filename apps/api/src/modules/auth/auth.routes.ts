import type { FastifyPluginAsync } from 'fastify';
import { municipios } from '@facturo/cfdi/catalogs';
import { routeLimit } from '../../http/route-limit';
import { serve } from '../../http/serve';
import * as auth from './auth.service';

/** Spec §7.2: registration, verification, login, password reset (entries in the contract's routes/auth.ts). */
export const authRoutes = (deps: auth.AuthDeps): FastifyPluginAsync => async (app) => {
  // Credential-guessing routes get their own, tighter per-IP limit on top of the global one.
  const limited = routeLimit(app, 'auth', deps.authRateLimitPerMinute);

  serve(app, 'auth.preRegister', (req) => auth.preRegister(deps, req.body), limited);
  serve(app, 'auth.verify', (req) => auth.verifyAccount(deps, req.body.email, req.body.code), limited);
  serve(app, 'auth.resendCode', (req) => auth.resendVerification(deps, req.body.email, req.ip), limited);
  serve(app, 'auth.catalogs', () => auth.registrationCatalogs());
  serve(app, 'auth.municipalities', (req) => ({ municipios: municipios(req.params.stateId) }));
  serve(app, 'auth.completeAccount', (req) => auth.completeAccount(deps, req.account.id, req.body, req.account.tokenPerson));
  serve(app, 'auth.login', (req) => auth.login(deps, req.body, req.ip), limited);
  serve(app, 'auth.logout', async (req) => {
    await auth.logout(deps, req.account.id, req.account.tokenPerson);
    return { message: 'Sesión cerrada' };
  });
  serve(app, 'auth.session', (req) => auth.currentSession(deps, req.account.id, req.account.tokenPerson));
  serve(app, 'auth.sendResetCode', (req) => auth.sendResetCode(deps, req.body.email, req.ip), limited);
  serve(app, 'auth.resetPassword', (req) => auth.resetPassword(deps, req.body.email, req.body.code, req.body.password), limited);
};
