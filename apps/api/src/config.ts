import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { wantsPrettyLogs } from './logging/pretty-log';

/** Every setting the server reads, with its default (README "Configuración" lists the same). */
export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  appSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  corsOrigins: string[];
  /** When false (scaled-out API processes), jobs are only enqueued; `npm run worker` runs them. */
  jobsInProcess: boolean;
  tokenTtl: string;
  rememberTokenTtl: string;
  loginMaxAttempts: number;
  rateLimitPerMinute: number;
  /** Per-route limit of the public auth endpoints (registration, login, codes) per IP. */
  authRateLimitPerMinute: number;
  /** Per-route limit of the self-invoicing portal's public entries per IP (issue 29 §6, decision 310). */
  portalRateLimitPerMinute: number;
  /** Redis key prefix of rate limits and attempt counters (lets several deployments share a Redis). */
  rateLimitNamespace: string;
  /** MAX_IN_FLIGHT: API requests one process answers at once; one more gets 503 + Retry-After (load shedding). */
  maxInFlight: number;
  /** MAX_LOOP_STALL_MS: requests read (past a backlog of 16) after the event loop went this long without a breath get 503 + Retry-After. */
  maxLoopStallMs: number;
  satLocalLatencyMs: number;
  /**
   * Which SAT certification authorities an uploaded CSD or e.firma may come from (issue 24, decision 273):
   * 'produccion' (always with NODE_ENV=production) or 'pruebas' (also SAT's test authority). Outside production
   * SAT_CERTIFICADOS=produccion asks for the strict mode too; nothing relaxes it in production.
   */
  satCertificados: 'produccion' | 'pruebas';
  /** Extra directory of SAT AC certificates (produccion/, pruebas/), SAT_AC_DIR. */
  satAcDir?: string;
  publicUrl: string;
  logLevel: string;
  /** Readable log lines instead of JSON (a person at a terminal; see logging/pretty-log.ts). */
  prettyLogs?: boolean;
  /** Fastify `trustProxy`: false (default), true, a hop count, or proxy addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** MAIL_OUTBOX_PUBLIC=true: the local outbox answers any peer (a demo server), not only loopback. */
  mailOutboxPublic: boolean;
  /** How long start-up keeps retrying an unreachable database before giving up. */
  dbConnectTimeoutS: number;
  /** Failed logins per account (any address) in an hour before 429 and a warning e-mail to the owner. */
  loginAccountMaxFailures: number;
  /** Verification / reset codes a day per e-mail address and per client address. */
  codesPerDayPerEmail: number;
  codesPerDayPerIp: number;
  /** STRIPE_WEBHOOK_SECRET (from the environment only, never logged): signs/verifies provider events; random per process when unset. */
  stripeWebhookSecret?: string;
  /** STRIPE_SECRET_KEY: when set, payments go to Stripe (API 2020-08-27) instead of the local test provider. */
  stripeSecretKey?: string;
  /** STRIPE_PUBLISHABLE_KEY: the browser's key for Stripe Elements. */
  stripePublishableKey?: string;
  /**
   * Who charges: 'stripe' (STRIPE_SECRET_KEY) or 'local' (the offline test provider). PAYMENTS_PROVIDER names it;
   * unset, a STRIPE_SECRET_KEY means stripe. Production must name one (issue 25 §3).
   */
  paymentsProvider: 'stripe' | 'local';
  /** STRIPE_API_URL: Stripe's API base (default https://api.stripe.com); tests point it at a local Stripe-speaking server. */
  stripeApiUrl?: string;
  /** PAC_PROVIDER: 'sandbox' (test PAC, stamps without fiscal validity) or 'finkok'. Production must name one. */
  pacProvider: 'sandbox' | 'finkok';
  /** SAT bulk download (issue 15 §1; docs/sat-download.md). */
  satDownload: SatDownloadSettings;
}

export interface SatDownloadSettings {
  /** SAT_DOWNLOAD_PROVIDER: 'local' (default, offline) or 'sat' (SAT's descarga masiva web service). */
  provider: 'local' | 'sat';
  /** SAT_DOWNLOAD_URL: base URL of the service for 'sat' (default SAT's own endpoints). */
  url?: string;
  /** SAT_DOWNLOAD_POLL_MS: first wait between verifications; it doubles up to SAT_DOWNLOAD_POLL_MAX_MS. */
  pollMs: number;
  pollMaxMs: number;
  /** SAT_LOCAL_PENDING_POLLS: verifications the local SAT answers "en proceso" before "terminada". */
  localPendingPolls: number;
  /** SAT_LOCAL_PACKAGE_SIZE: CFDI per package of the local SAT. */
  localPackageSize: number;
}

/** A setting that is wrong stops the start with this one line (main.ts prints it and exits 1). */
export class ConfigError extends Error {}

/** TRUST_PROXY: unset/false → false; true; a hop count ("1"); or "10.0.0.1,10.0.0.0/8". */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = (value ?? '').trim();
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Reads APP_SECRET, or on an embedded start generates one into DATA_DIR/app-secret (kept across restarts). */
function resolveAppSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.APP_SECRET) {
    if (env.APP_SECRET.length < 32) throw new ConfigError('APP_SECRET debe tener al menos 32 caracteres');
    return env.APP_SECRET;
  }
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (env.DATABASE_URL && env.NODE_ENV === 'production') {
    throw new ConfigError('APP_SECRET es obligatorio cuando DATABASE_URL está definido en producción');
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * PAYMENTS_PROVIDER (stripe | local). Production never falls back to the test provider by accident (issue 25 §3):
 * it needs STRIPE_SECRET_KEY, or PAYMENTS_PROVIDER=local said out loud for a demo.
 */
function resolvePaymentsProvider(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): Config['paymentsProvider'] {
  const named = (env.PAYMENTS_PROVIDER ?? '').trim();
  if (named && named !== 'stripe' && named !== 'local') {
    throw new ConfigError(`PAYMENTS_PROVIDER no es válido («${named}»): usa stripe (con STRIPE_SECRET_KEY) o local (proveedor de pruebas, no cobra)`);
  }
  if (named === 'stripe' && !env.STRIPE_SECRET_KEY) throw new ConfigError('STRIPE_SECRET_KEY es obligatorio con PAYMENTS_PROVIDER=stripe');
  if (named === 'local') return 'local';
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  if (nodeEnv === 'production') {
    throw new ConfigError('STRIPE_SECRET_KEY es obligatorio con NODE_ENV=production (o PAYMENTS_PROVIDER=local para una demostración que no cobra)');
  }
  return 'local';
}

/** PAC_PROVIDER (sandbox | finkok); production must name it (issue 25 §3). */
function resolvePacProvider(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): Config['pacProvider'] {
  const named = (env.PAC_PROVIDER ?? '').trim();
  if (named && named !== 'sandbox' && named !== 'finkok') {
    throw new ConfigError(`PAC_PROVIDER no es válido («${named}»): usa finkok (timbrado real) o sandbox (PAC de pruebas, sin validez fiscal)`);
  }
  if (named) return named as Config['pacProvider'];
  if (nodeEnv === 'production') {
    throw new ConfigError('PAC_PROVIDER es obligatorio con NODE_ENV=production: finkok (timbrado real) o sandbox (PAC de pruebas, sin validez fiscal)');
  }
  return 'sandbox';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 3000);
  const nodeEnv = (env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development') as Config['env'];
  // Production never keeps mail in a table no one reads (and whose reader was an account-takeover hole).
  if (nodeEnv === 'production' && !env.SMTP_URL) {
    throw new ConfigError('SMTP_URL es obligatorio con NODE_ENV=production: define el servidor de correo (smtp://usuario:clave@host:587)');
  }
  const paymentsProvider = resolvePaymentsProvider(env, nodeEnv);
  const pacProvider = resolvePacProvider(env, nodeEnv);
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    appSecret: resolveAppSecret(env, dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Facturo <no-responder@facturo.local>',
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    jobsInProcess: env.JOBS_IN_PROCESS ? env.JOBS_IN_PROCESS !== 'false' : true,
    tokenTtl: env.TOKEN_TTL ?? '12h',
    rememberTokenTtl: env.REMEMBER_TOKEN_TTL ?? '30d',
    loginMaxAttempts: Number(env.LOGIN_MAX_ATTEMPTS ?? 5),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 300),
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 30),
    portalRateLimitPerMinute: Number(env.PORTAL_RATE_LIMIT_PER_MINUTE ?? 20),
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE ?? 'facturo:',
    maxInFlight: Number(env.MAX_IN_FLIGHT ?? 64),
    maxLoopStallMs: Number(env.MAX_LOOP_STALL_MS ?? 1000),
    satLocalLatencyMs: Number(env.SAT_LOCAL_LATENCY_MS ?? 400),
    satCertificados: nodeEnv === 'production' || env.SAT_CERTIFICADOS === 'produccion' ? 'produccion' : 'pruebas',
    satAcDir: env.SAT_AC_DIR || undefined,
    satDownload: {
      provider: env.SAT_DOWNLOAD_PROVIDER === 'sat' ? 'sat' : 'local',
      url: env.SAT_DOWNLOAD_URL || undefined,
      pollMs: Number(env.SAT_DOWNLOAD_POLL_MS ?? (env.SAT_DOWNLOAD_PROVIDER === 'sat' ? 30_000 : 1_500)),
      pollMaxMs: Number(env.SAT_DOWNLOAD_POLL_MAX_MS ?? 600_000),
      localPendingPolls: Number(env.SAT_LOCAL_PENDING_POLLS ?? 1),
      localPackageSize: Number(env.SAT_LOCAL_PACKAGE_SIZE ?? 100),
    },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    prettyLogs: wantsPrettyLogs(env, Boolean(process.stdout.isTTY)),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mailOutboxPublic: env.MAIL_OUTBOX_PUBLIC === 'true',
    dbConnectTimeoutS: Number(env.DB_CONNECT_TIMEOUT_S ?? 60),
    loginAccountMaxFailures: Number(env.LOGIN_ACCOUNT_MAX_FAILURES ?? 20),
    codesPerDayPerEmail: Number(env.CODES_PER_DAY_PER_EMAIL ?? 10),
    codesPerDayPerIp: Number(env.CODES_PER_DAY_PER_IP ?? 50),
    ...(env.STRIPE_WEBHOOK_SECRET ? { stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET } : {}),
    ...(env.STRIPE_SECRET_KEY ? { stripeSecretKey: env.STRIPE_SECRET_KEY } : {}),
    ...(env.STRIPE_PUBLISHABLE_KEY ? { stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY } : {}),
    paymentsProvider,
    pacProvider,
    ...(env.STRIPE_API_URL ? { stripeApiUrl: env.STRIPE_API_URL } : {}),
  };
}
