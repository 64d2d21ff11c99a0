import { eq } from 'drizzle-orm';
import type { JobContext } from '../../../jobs/context';
import { users } from '../../../db/schema';
import { localSatDownloadService } from './local-sat';
import { satWsDownloadService } from './sat-ws-client';
import type { SatDownloadService } from './port';

export * from './port';

const byContext = new WeakMap<JobContext, SatDownloadService>();

/**
 * The descarga masiva behind the port, once per process (SAT_DOWNLOAD_PROVIDER): the real web service
 * through @nodecfdi/sat-ws-descarga-masiva, or the offline local SAT (default) over the sandbox PAC's files.
 */
export function satDownloadService(ctx: JobContext): SatDownloadService {
  const existing = byContext.get(ctx);
  if (existing) return existing;
  const s = ctx.config.satDownload;
  const service = s.provider === 'sat'
    ? satWsDownloadService({ baseUrl: s.url })
    : localSatDownloadService({
      dataDir: ctx.config.dataDir,
      pendingPolls: s.localPendingPolls,
      packageSize: s.localPackageSize,
      gateway: ctx.sat,
      async receptorOf(rfc) {
        const [u] = await ctx.db.select({ fullName: users.fullName, cp: users.cp, regimen: users.regimen }).from(users).where(eq(users.rfc, rfc)).limit(1);
        if (!u?.fullName || !u.cp || !u.regimen) return undefined;
        return { nombre: u.fullName.toUpperCase(), cp: u.cp, regimen: u.regimen };
      },
    });
  byContext.set(ctx, service);
  return service;
}
