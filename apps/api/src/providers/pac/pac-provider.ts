import path from 'node:path';
import { FinkokPac, SandboxPac, type FinkokCancelCsd, type PacPort } from '@facturo/cfdi/stamp';
import { fileSandboxStore } from './file-sandbox-store';

export interface PacSettings {
  /** 'sandbox' (default) or 'finkok'. */
  provider: string;
  dataDir: string;
  finkokUser?: string;
  finkokPassword?: string;
  /** 'demo' (default) or 'production'. */
  finkokEnvironment?: string;
  /** Base URL of Finkok's SOAP services (…/servicios/soap) instead of the environment's: a local server, a proxy. */
  finkokUrl?: string;
  /** SANDBOX_PAC_LATENCY_MS: every sandbox PAC call answers this much later (benches and tests stamp as a real PAC answers). */
  sandboxLatencyMs?: number;
}

export interface PacHooks {
  /** The emisor's CSD by RFC: Finkok signs SAT's cancellation request with it (CFDI and Retenciones). */
  csdFor?: (rfc: string) => Promise<FinkokCancelCsd>;
}

export interface PacProvider {
  kind: 'sandbox' | 'finkok';
  pac: PacPort;
}

/**
 * Picks the PAC behind the port: the in-process SandboxPac (real TFD signed by its own certificate, SAT's
 * validation matrix, cancellation flow) unless PAC_PROVIDER=finkok with its credentials.
 */
export function createPac(settings: PacSettings, hooks: PacHooks = {}): PacProvider {
  if (settings.provider === 'finkok') {
    if (!settings.finkokUser || !settings.finkokPassword) {
      throw new Error('PAC_PROVIDER=finkok necesita FINKOK_USER y FINKOK_PASSWORD');
    }
    const base = settings.finkokUrl?.replace(/\/+$/, '');
    // Stamp, cancel and the Retenciones service (stamp + cancel of constancias) under one base.
    const environment = base
      ? { stamp: `${base}/stamp`, cancel: `${base}/cancel`, retentions: `${base}/retentions` }
      : settings.finkokEnvironment === 'production' ? 'production' as const : 'demo' as const;
    return {
      kind: 'finkok',
      pac: new FinkokPac({ username: settings.finkokUser, password: settings.finkokPassword, environment, ...(hooks.csdFor ? { csdFor: hooks.csdFor } : {}) }),
    };
  }
  const sandbox = new SandboxPac({ store: fileSandboxStore(path.join(settings.dataDir, 'sandbox-pac')) });
  return { kind: 'sandbox', pac: settings.sandboxLatencyMs ? withLatency(sandbox, settings.sandboxLatencyMs) : sandbox };
}

/**
 * The same PAC, each call answered `ms` later (a real PAC takes 0.3-2 s): the delay comes before the work, as
 * the request's trip to the PAC would. Every method that returns a promise is delayed; getters are not.
 */
export function withLatency<T extends object>(pac: T, ms: number): T {
  const wait = () => new Promise<void>((resolve) => setTimeout(resolve, ms));
  return new Proxy(pac, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await wait();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Reads the PAC settings from the environment (README "Configuración"). */
export function pacSettingsFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): PacSettings {
  return {
    provider: env.PAC_PROVIDER ?? 'sandbox',
    dataDir,
    finkokUser: env.FINKOK_USER,
    finkokPassword: env.FINKOK_PASSWORD,
    finkokEnvironment: env.FINKOK_ENVIRONMENT,
    finkokUrl: env.FINKOK_URL,
    sandboxLatencyMs: latencyMs(env.SANDBOX_PAC_LATENCY_MS),
  };
}

function latencyMs(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 0;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`SANDBOX_PAC_LATENCY_MS debe ser un número de milisegundos ≥ 0 (se recibió "${raw}")`);
  return n;
}
