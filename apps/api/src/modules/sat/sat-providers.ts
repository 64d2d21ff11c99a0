import { sql } from 'drizzle-orm';
import type { CancellationInboxPort, PacPort, StatusQuery } from '@facturo/cfdi/stamp';
import type { JobContext } from '../../jobs/context';
import { localCfdiStatus, satCfdiStatus, type CfdiStatusPort } from '../../providers/sat/cfdi-status';
import { efosSourceFromEnv, type EfosListSource } from '../../providers/sat/efos-list';
import { invoicingProviders, type InvoicingProviders } from '../invoicing/providers';

export interface SatProviders {
  invoicing: InvoicingProviders;
  status: CfdiStatusPort;
  efos: EfosListSource;
  /** The receptor's side of cancellations through the PAC (sandbox or Finkok); null when the PAC has none. */
  inbox: CancellationInboxPort | null;
}

const byContext = new WeakMap<JobContext, SatProviders>();

const hasInbox = (pac: PacPort): pac is PacPort & CancellationInboxPort =>
  typeof (pac as Partial<CancellationInboxPort>).pendingCancellations === 'function' && typeof (pac as Partial<CancellationInboxPort>).answerCancellation === 'function';

/**
 * The SAT ports, built once per process (README "Configuración"): SAT_STATUS_PROVIDER=sat asks SAT's real
 * ConsultaCFDIService (SAT_STATUS_URL overrides the address); by default a local SAT answers from the PAC's own
 * records (the sandbox knows what it stamped and cancelled). EFOS_SOURCE picks the 69-B list source.
 */
export function satProviders(ctx: JobContext): SatProviders {
  const existing = byContext.get(ctx);
  if (existing) return existing;
  const invoicing = invoicingProviders(ctx);
  const isEfos = async (rfc: string) => {
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM efos_list WHERE rfc = ${rfc.toUpperCase()} AND situacion IN ('Presunto', 'Definitivo')`);
    return rows.length > 0;
  };
  const status = process.env.SAT_STATUS_PROVIDER === 'sat'
    ? satCfdiStatus({ url: process.env.SAT_STATUS_URL || undefined })
    : localCfdiStatus({ status: (q: StatusQuery) => invoicing.pac.status(q) }, isEfos);
  const providers: SatProviders = { invoicing, status, efos: efosSourceFromEnv(), inbox: hasInbox(invoicing.pac) ? invoicing.pac : null };
  byContext.set(ctx, providers);
  return providers;
}
