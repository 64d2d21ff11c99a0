import type { Config } from './config';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiKeySecuritySchemes, withApiKeyExamples } from './http/openapi-api-keys';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { findNulField, messages, NUL_MESSAGE } from '@facturo/contract';
import type { JobContext } from './jobs/context';
import { fieldError, registerErrorHandler, type UploadLimits } from './http/errors';
import { trackRoutes, type RegisteredRoute } from './http/serve';
import { registerRequestContext, type TokenPayload } from './http/context';
import { failoverCounter, memoryCounter } from './http/attempts';
import { failoverStoreClass } from './http/rate-limit-store';
import { registerLoadShedding } from './http/load-shedding';
import type { RedisHealth } from './redis';
import { jwtKey } from './security/secrets';
import { VerificationCodes } from './modules/auth/verification-codes';
import { authRoutes } from './modules/auth/auth.routes';
import { personSettingsRoutes } from './modules/workspace/person-settings.routes';
import { currentSession, type AuthDeps } from './modules/auth/auth.service';
import type { TokenPerson } from './modules/workspace/persons.repository';
import { plansRoutes } from './modules/plans/plans.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { backgroundRoutes } from './modules/background/background.routes';
import { ciecRoutes } from './modules/ciec/ciec.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { OUTBOX_PUBLIC_WARNING, outboxOpenTo } from './modules/dev/outbox-access';
import { healthRoutes } from './modules/health/health.routes';
import { registerFeatureModules } from './modules';
import { prettyStream } from './logging/pretty-log';
import { redactUrl } from './logging/redact-url';
import { rateLimitKey } from './modules/api-keys/api-key-secret';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered, with the table entry it came from (route-table test). */
    registeredRoutes: RegisteredRoute[];
    /** Requests received and not yet answered. */
    inFlight: () => number;
  }
}

/** Keys whose values never reach the logs. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.ciec', 'req.body.code'];

/** Request size limits; the 413 answers name the one that was exceeded. */
/** The balancer's probes: never refused by the per-IP limit (a balancer polls from one address). */
const PROBES = new Set(['/api/health', '/api/ready']);
const LIMITS: UploadLimits = { bodyBytes: 12 * 1024 * 1024, fileBytes: 10 * 1024 * 1024, files: 4, fields: 20 };

export interface AppOptions {
  /** Shared Redis connection (rate limits, attempt counters); undefined without REDIS_URL. */
  redis?: Redis & RedisHealth;
  /** Where the log goes (tests scan it); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
  /** True once the process is shutting down (readiness answers 503 so the balancer drains it). */
  draining?: () => boolean;
}

/** Builds the HTTP app: plugins, security, every module's routes, and the built web app. */
export async function buildApp(ctx: JobContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const { config, db } = ctx;
  const app = Fastify({
    logger: {
      level: config.logLevel, redact: REDACT,
      // Fastify's request serializer, with the secret query values of the URL hidden (a token in a link).
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort,
        }),
      },
      ...(opts.logStream ? { stream: opts.logStream } : config.prettyLogs ? { stream: prettyStream() } : {}),
    },
    // At a terminal a line per request drowns the rest: they go to debug level (hook below). Only then:
    // the option is deprecated in Fastify 5 and warns when passed at all.
    ...(config.prettyLogs ? { disableRequestLogging: true } : {}),
    // Off unless TRUST_PROXY says which proxy to believe: otherwise X-Forwarded-For would let any
    // client pick the address the lockout and rate limits count (issue 17 §2).
    trustProxy: typeof config.trustProxy === 'number'
      ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
      : config.trustProxy,
    bodyLimit: LIMITS.bodyBytes,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, LIMITS);
  // First hook of all: an overloaded process refuses with 503 + Retry-After before doing any work.
  registerLoadShedding(app, { maxInFlight: config.maxInFlight, maxStallMs: config.maxLoopStallMs });
  if (config.prettyLogs) {
    app.addHook('onResponse', async (req, reply) => {
      req.log.debug(`${req.method} ${req.url.split('?')[0]} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
    });
  }

  // One rule for every route's params, query and body (contract's findNulField): PostgreSQL text cannot
  // hold a NUL byte, so it is a 422 naming the field rather than a driver error. Registered first, so
  // it runs before the RFC guard and every route's own schema.
  app.addHook('preValidation', async (req) => {
    for (const source of [req.params, req.query, req.body]) {
      const field = findNulField(source);
      if (field !== undefined) throw fieldError(field, NUL_MESSAGE);
    }
  });
  // Tenant data must never sit in a shared or browser cache (issue 17 §8).
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
  });
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
  // Tokens are HS256 only: a token in any other algorithm (HS384/HS512 under the same key, none) is refused.
  await app.register(jwt, { secret: jwtKey(config.appSecret), sign: { algorithm: 'HS256', expiresIn: config.tokenTtl }, verify: { algorithms: ['HS256'] } });

  const redis = opts.redis;
  await app.register(rateLimit, {
    // Not global: the plugin would add its hook per route, after our app-level auth hook, so
    // unauthenticated floods would get 401s instead of being counted. The hook below runs first.
    global: false,
    // Redis while it answers, process memory while it does not (issue 17 §4).
    ...(redis ? { store: failoverStoreClass(redis, `${config.rateLimitNamespace}rl:`) } : {}),
    // Issue 29 §4: a request with an API key counts against the key (its hash), not against its IP.
    keyGenerator: (req) => rateLimitKey(req),
    errorResponseBuilder: () => ({ statusCode: 429, message: messages.tooManyRequests }),
  });
  app.addHook('onRequest', app.rateLimit({
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Only the API counts: the web app's own scripts and styles must never be refused, nor the balancer's probes.
    allowList: (req) => !req.url.startsWith('/api/') || PROBES.has(req.url.split('?')[0]!),
  }));
  await app.register(multipart, { limits: { fileSize: LIMITS.fileBytes, files: LIMITS.files, fields: LIMITS.fields } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Facturo API', version: '0.1.0', description: 'API de facturación electrónica e impuestos' },
      components: { securitySchemes: apiKeySecuritySchemes },
    },
    transform: jsonSchemaTransform,
    // Issue 29 §4: the public API's examples and tag (decision 307).
    transformObject: withApiKeyExamples,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerRequestContext(app, db);

  const attempts = redis ? failoverCounter(redis, `${config.rateLimitNamespace}attempts:`) : memoryCounter();
  const authDeps: AuthDeps = {
    db,
    mailer: ctx.mailer,
    codes: new VerificationCodes(db, config.appSecret),
    attempts,
    loginMaxAttempts: config.loginMaxAttempts,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    loginAccountMaxFailures: config.loginAccountMaxFailures,
    codesPerDayPerEmail: config.codesPerDayPerEmail,
    codesPerDayPerIp: config.codesPerDayPerIp,
    publicUrl: config.publicUrl,
    secrets: ctx.secrets,
    signToken: (user, remember, person) => app.jwt.sign(
      (person ? { sub: user.id, rfc: user.rfc, tv: person.tv, pid: person.pid } : { sub: user.id, rfc: user.rfc, tv: user.tokenVersion }) satisfies TokenPayload,
      { expiresIn: remember ? config.rememberTokenTtl : config.tokenTtl },
    ),
  };

  const draining = opts.draining ?? (() => false);
  // While shutting down, every answer closes its connection: a keep-alive socket left idle would hold
  // the server open for Fastify's 72 s keep-alive, and the client's next request goes to another process.
  app.addHook('onSend', async (_req, reply) => {
    if (draining()) reply.header('connection', 'close');
  });
  // Requests being answered right now: the shutdown says how many it waits for, and tests know when
  // their requests have really reached the process.
  const inFlight = new Set<unknown>();
  app.decorate('inFlight', () => inFlight.size);
  app.addHook('onRequest', async (req) => { inFlight.add(req.id); });
  app.addHook('onResponse', async (req) => { inFlight.delete(req.id); });
  app.addHook('onRequestAbort', async (req) => { inFlight.delete(req.id); });
  const banner = testModeBanner(config);
  if (banner) app.log.warn(`${banner} (NODE_ENV=production con PAYMENTS_PROVIDER=${config.paymentsProvider}, PAC_PROVIDER=${config.pacProvider})`);
  await app.register(healthRoutes({ database: ctx.database, redis, draining, testMode: { banner, payments: config.paymentsProvider, pac: config.pacProvider } }));
  await app.register(authRoutes(authDeps));
  await app.register(personSettingsRoutes(authDeps));
  await app.register(plansRoutes(db));
  await app.register(notificationsRoutes(db));
  await app.register(backgroundRoutes(db));
  await app.register(ciecRoutes(ctx));
  const devOptions = { env: config.env, outboxPublic: config.mailOutboxPublic, session: (id: number, person?: TokenPerson) => currentSession(authDeps, id, person) };
  if (config.mailOutboxPublic && config.env !== 'production' && ctx.mailer.kind === 'outbox') app.log.warn(OUTBOX_PUBLIC_WARNING);
  await app.register(devRoutes(db, ctx.mailer, devOptions));
  await registerFeatureModules(app, ctx);

  await registerWeb(app, (req) => outboxOpenTo(req, devOptions));
  return app;
}

/**
 * Production on a test provider (issue 25 §3): "Modo de pruebas: los pagos no se cobran / los timbres no tienen
 * validez fiscal", with the part(s) that apply; null when both providers are real or outside production.
 */
export function testModeBanner(config: Pick<Config, 'env' | 'paymentsProvider' | 'pacProvider'>): string | null {
  if (config.env !== 'production') return null;
  const parts = [
    ...(config.paymentsProvider === 'local' ? ['los pagos no se cobran'] : []),
    ...(config.pacProvider === 'sandbox' ? ['los timbres no tienen validez fiscal'] : []),
  ];
  return parts.length ? `Modo de pruebas: ${parts.join(' / ')}` : null;
}

/**
 * Serves the built single-page app; any non-API GET falls back to index.html (client routing).
 * The /dev/outbox page is a 404 for whoever may not read the outbox.
 */
async function registerWeb(app: FastifyInstance, outboxPageOpen: (req: FastifyRequest) => boolean): Promise<void> {
  const hasWeb = existsSync(WEB_DIST);
  // wildcard: files are looked up per request, so a rebuilt bundle is served without a restart.
  if (hasWeb) await app.register(fastifyStatic, { root: WEB_DIST, prefix: '/', wildcard: true, index: ['index.html'] });
  app.setNotFoundHandler((req, reply) => {
    const outboxPage = req.url === '/dev/outbox' || req.url.startsWith('/dev/outbox?') || req.url.startsWith('/dev/outbox/');
    if (!hasWeb || req.url.startsWith('/api/') || req.url.startsWith('/socket.io') || req.method !== 'GET' || (outboxPage && !outboxPageOpen(req))) {
      return reply.code(404).send({ message: messages.notFound });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
