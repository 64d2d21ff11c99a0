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
  return { kind: 'sandbox', pac: new SandboxPac({ store: fileSandboxStore(path.join(settings.dataDir, 'sandbox-pac')) }) };
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
  };
}
