import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeAccountSchema, loginResponseSchema, loginSchema, messageResponseSchema, municipiosResponseSchema,
  preRegisterSchema, registrationCatalogsSchema, resendCodeSchema, resetPasswordSchema, sendResetCodeSchema,
  verifyAccountSchema,
} from '@facturo/contract';
import { municipios } from '@facturo/cfdi/catalogs';
import * as auth from './auth.service';

const tags = ['auth'];

/** Spec §7.2: registration, verification, login, password reset — at exactly those paths. */
export const authRoutes = (deps: auth.AuthDeps): FastifyPluginAsyncZod => async (app) => {
  const publicRoute = { public: true, rateLimit: { max: deps.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post('/api/pre-registro', { config: publicRoute, schema: { tags, body: preRegisterSchema, response: { 201: messageResponseSchema } } },
    async (req, reply) => reply.code(201).send(await auth.preRegister(deps, req.body)));

  app.post('/api/verificar-cuenta', { config: publicRoute, schema: { tags, body: verifyAccountSchema, response: { 200: loginResponseSchema } } },
    (req) => auth.verifyAccount(deps, req.body.email, req.body.code));

  app.post('/api/verificar-cuenta/reenviar', { config: publicRoute, schema: { tags, body: resendCodeSchema, response: { 200: messageResponseSchema } } },
    (req) => auth.resendVerification(deps, req.body.email, req.ip));

  app.get('/api/crear-cuenta/catalogs', { config: { public: true }, schema: { tags, response: { 200: registrationCatalogsSchema } } },
    async () => auth.registrationCatalogs());

  app.get('/api/crear-cuenta/municipios/:stateId', {
    config: { public: true },
    schema: { tags, params: z.object({ stateId: z.string().trim().toUpperCase().max(3) }), response: { 200: municipiosResponseSchema } },
  }, async (req) => ({ municipios: municipios(req.params.stateId) }));

  app.post('/api/crear-cuenta', { config: { allowIncomplete: true }, schema: { tags, body: completeAccountSchema, response: { 200: loginResponseSchema } } },
    (req) => auth.completeAccount(deps, req.account.id, req.body));

  app.post('/api/login', { config: publicRoute, schema: { tags, body: loginSchema, response: { 200: loginResponseSchema } } },
    (req) => auth.login(deps, req.body, req.ip));

  app.post('/api/logout', { config: { allowIncomplete: true, allowUnpaid: true }, schema: { tags, response: { 200: messageResponseSchema } } },
    async (req) => {
      await auth.logout(deps, req.account.id);
      return { message: 'Sesión cerrada' };
    });

  app.get('/api/user', { config: { allowIncomplete: true, allowUnpaid: true }, schema: { tags, response: { 200: loginResponseSchema } } },
    (req) => auth.currentSession(deps, req.account.id));

  app.post('/api/sendCodigoCambiarPassword', { config: publicRoute, schema: { tags, body: sendResetCodeSchema, response: { 200: messageResponseSchema } } },
    (req) => auth.sendResetCode(deps, req.body.email, req.ip));

  app.post('/api/resetPassword', { config: publicRoute, schema: { tags, body: resetPasswordSchema, response: { 200: messageResponseSchema } } },
    (req) => auth.resetPassword(deps, req.body.email, req.body.code, req.body.password));
};
