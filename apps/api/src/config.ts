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
  /** Redis key prefix of rate limits and attempt counters (lets several deployments share a Redis). */
  rateLimitNamespace: string;
  satLocalLatencyMs: number;
  publicUrl: string;
  logLevel: string;
  /** Readable log lines instead of JSON (a person at a terminal; see logging/pretty-log.ts). */
  prettyLogs?: boolean;
}

/** Reads APP_SECRET, or on an embedded start generates one into DATA_DIR/app-secret (kept across restarts). */
function resolveAppSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.APP_SECRET) {
    if (env.APP_SECRET.length < 32) throw new Error('APP_SECRET debe tener al menos 32 caracteres');
    return env.APP_SECRET;
  }
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (env.DATABASE_URL && env.NODE_ENV === 'production') {
    throw new Error('APP_SECRET es obligatorio cuando DATABASE_URL está definido en producción');
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 3000);
  const nodeEnv = (env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development') as Config['env'];
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
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE ?? 'facturo:',
    satLocalLatencyMs: Number(env.SAT_LOCAL_LATENCY_MS ?? 400),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    prettyLogs: wantsPrettyLogs(env, Boolean(process.stdout.isTTY)),
  };
}
