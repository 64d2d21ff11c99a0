import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { messages } from '@facturo/contract';
import type { JobContext } from './jobs/context';
import { registerErrorHandler } from './http/errors';
import { trackRoutes, type RegisteredRoute } from './http/serve';
import { registerRequestContext, type TokenPayload } from './http/context';
import { memoryCounter, redisCounter } from './http/attempts';
import { jwtKey } from './security/secrets';
import { VerificationCodes } from './modules/auth/verification-codes';
import { authRoutes } from './modules/auth/auth.routes';
import { currentSession, type AuthDeps } from './modules/auth/auth.service';
import { plansRoutes } from './modules/plans/plans.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { backgroundRoutes } from './modules/background/background.routes';
import { ciecRoutes } from './modules/ciec/ciec.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerFeatureModules } from './modules';
import { prettyStream } from './logging/pretty-log';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered, with the table entry it came from (route-table test). */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Keys whose values never reach the logs. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.ciec', 'req.body.code'];

/** Builds the HTTP app: plugins, security, every module's routes, and the built web app. */
export async function buildApp(ctx: JobContext): Promise<FastifyInstance> {
  const { config, db } = ctx;
  const app = Fastify({
    logger: { level: config.logLevel, redact: REDACT, ...(config.prettyLogs ? { stream: prettyStream() } : {}) },
    // At a terminal a line per request drowns the rest: they go to debug level (hook below). Only then:
    // the option is deprecated in Fastify 5 and warns when passed at all.
    ...(config.prettyLogs ? { disableRequestLogging: true } : {}),
    trustProxy: true,
    bodyLimit: 12 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  if (config.prettyLogs) {
    app.addHook('onResponse', async (req, reply) => {
      req.log.debug(`${req.method} ${req.url.split('?')[0]} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
    });
  }
  app.decorate('registeredRoutes', trackRoutes(app));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:', 'blob:'], styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"], connectSrc: ["'self'", 'ws:', 'wss:'], fontSrc: ["'self'", 'data:'], objectSrc: ["'none'"],
        frameSrc: ["'self'", 'blob:'], upgradeInsecureRequests: null,
      },
    },
  });
  // CORS is closed unless CORS_ORIGINS lists the allowed origins (the web is served same-origin).
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: false });
  await app.register(jwt, { secret: jwtKey(config.appSecret), sign: { expiresIn: config.tokenTtl } });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  app.addHook('onClose', async () => redis?.disconnect());
  await app.register(rateLimit, {
    // Not global: the plugin would add its hook per route, after our app-level auth hook, so
    // unauthenticated floods would get 401s instead of being counted. The hook below runs first.
    global: false,
    ...(redis ? { redis, nameSpace: `${config.rateLimitNamespace}rl:` } : {}),
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: () => ({ statusCode: 429, message: messages.tooManyRequests }),
  });
  app.addHook('onRequest', app.rateLimit({
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Only the API counts: the web app's own scripts and styles must never be refused.
    allowList: (req) => !req.url.startsWith('/api/') || req.url === '/api/health',
  }));
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 4, fields: 20 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Facturo API', version: '0.1.0', description: 'API de facturación electrónica e impuestos' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerRequestContext(app, db);

  const attempts = redis ? redisCounter(redis, `${config.rateLimitNamespace}attempts:`) : memoryCounter();
  const authDeps: AuthDeps = {
    db,
    mailer: ctx.mailer,
    codes: new VerificationCodes(db, config.appSecret),
    attempts,
    loginMaxAttempts: config.loginMaxAttempts,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    signToken: (user, remember) =>
      app.jwt.sign({ sub: user.id, rfc: user.rfc, tv: user.tokenVersion } satisfies TokenPayload, { expiresIn: remember ? config.rememberTokenTtl : config.tokenTtl }),
  };

  await app.register(healthRoutes(ctx.database));
  await app.register(authRoutes(authDeps));
  await app.register(plansRoutes(db));
  await app.register(notificationsRoutes(db));
  await app.register(backgroundRoutes(db));
  await app.register(ciecRoutes(ctx));
  await app.register(devRoutes(db, ctx.mailer, config.env, (id) => currentSession(authDeps, id)));
  await registerFeatureModules(app, ctx);

  await registerWeb(app);
  return app;
}

/** Serves the built single-page app; any non-API GET falls back to index.html (client routing). */
async function registerWeb(app: FastifyInstance): Promise<void> {
  const hasWeb = existsSync(WEB_DIST);
  // wildcard: files are looked up per request, so a rebuilt bundle is served without a restart.
  if (hasWeb) await app.register(fastifyStatic, { root: WEB_DIST, prefix: '/', wildcard: true, index: ['index.html'] });
  app.setNotFoundHandler((req, reply) => {
    if (!hasWeb || req.url.startsWith('/api/') || req.url.startsWith('/socket.io') || req.method !== 'GET') {
      return reply.code(404).send({ message: messages.notFound });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
