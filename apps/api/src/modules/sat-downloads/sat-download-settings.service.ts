import { and, eq, inArray } from 'drizzle-orm';
import {
  MONTHS, SAT_AUTO_SYNC_DIAS_DEFAULT, SAT_DOWNLOAD_TIPOS, type SatDownloadSettings, type SatDownloadSettingsUpdate,
} from '@facturo/contract';
import { toMexicoCityLocal } from '@facturo/cfdi/stamp';
import type { JobContext } from '../../jobs/context';
import type { Account } from '../../http/context';
import { users } from '../../db/schema';
import { satDownloads, satDownloadSettings, type SatDownloadSettingsRow } from './sat-downloads.schema';
import { startDownload } from './sat-downloads.service';

function toSettings(row: SatDownloadSettingsRow | undefined): SatDownloadSettings {
  return {
    autoSync: row?.autoSync ?? false,
    dias: row?.dias ?? SAT_AUTO_SYNC_DIAS_DEFAULT,
    ultimaEjecucion: row?.lastRunAt ? row.lastRunAt.toISOString() : null,
    ultimoResultado: row?.lastRunResult ?? null,
  };
}

/** GET /api/sat/descargas/ajustes: an account that never touched it is off, 3 days, never run. */
export async function getSettings(ctx: JobContext, account: Account): Promise<SatDownloadSettings> {
  const [row] = await ctx.db.select().from(satDownloadSettings).where(eq(satDownloadSettings.userId, account.id)).limit(1);
  return toSettings(row);
}

/** PUT /api/sat/descargas/ajustes (the contract's schema already refused bad input with 422 naming the field). */
export async function updateSettings(ctx: JobContext, account: Account, body: SatDownloadSettingsUpdate): Promise<SatDownloadSettings> {
  const values = { autoSync: body.autoSync, dias: body.dias, updatedAt: new Date() };
  const [row] = await ctx.db.insert(satDownloadSettings).values({ userId: account.id, ...values })
    .onConflictDoUpdate({ target: satDownloadSettings.userId, set: values }).returning();
  return toSettings(row);
}

/**
 * What the automatic sync asks SAT for: from 00:00 of `dias` days before today (Mexico City time) up to now, as
 * one download per month that span touches. Today alone is not enough: yesterday's run at 06:00 saw nothing of
 * yesterday's last 18 h. Asking for those days only (not the whole month) keeps each day's request different
 * from the day before's, so SAT's limit on identical requests is not spent by the daily run.
 */
export function autoSyncPeriod(dias: number, now = new Date()): { from: string; months: { year: number; month: number }[] } {
  const today = toMexicoCityLocal(now).slice(0, 10);
  const base = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)));
  const seen = new Map<string, { year: number; month: number }>();
  for (let back = dias; back >= 0; back--) {
    const d = new Date(base - back * 86_400_000);
    const m = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
    seen.set(`${m.year}-${m.month}`, m);
  }
  const from = `${new Date(base - dias * 86_400_000).toISOString().slice(0, 10)}T00:00:00`;
  return { from, months: [...seen.values()] };
}

export interface AutoSyncSummary {
  /** Accounts with the automatic sync on that this run looked at. */
  accounts: number;
  /** Downloads started (one per tipo and month). */
  started: number;
  /** Accounts skipped because a download of theirs was still pending or running. */
  skipped: number;
  /** Accounts for which no download could start (no valid e.firma, any other error): the run goes on. */
  failed: number;
}

/**
 * The daily automatic sync (issue 15 §1): for every account with it on, starts the 'emitidos' and 'recibidos'
 * downloads of its last days (one per month they fall in), through the same service as POST /api/sat/descargas (so the
 * e.firma check, the background process, the live progress and SAT's limit warnings are the POST's own). An
 * account with a download still pending or running is skipped (never a second one beside it); one account's
 * error is recorded on its setting and never stops the run.
 */
export async function runAutoSync(ctx: JobContext, now = new Date()): Promise<AutoSyncSummary> {
  const accounts = await ctx.db.select({ id: users.id, rfc: users.rfc, dias: satDownloadSettings.dias })
    .from(satDownloadSettings).innerJoin(users, eq(users.id, satDownloadSettings.userId))
    .where(eq(satDownloadSettings.autoSync, true)).orderBy(users.id);
  const summary: AutoSyncSummary = { accounts: accounts.length, started: 0, skipped: 0, failed: 0 };
  for (const account of accounts) {
    let result: string;
    try {
      const [busy] = await ctx.db.select({ id: satDownloads.id }).from(satDownloads)
        .where(and(eq(satDownloads.userId, account.id), inArray(satDownloads.status, ['pending', 'running']))).limit(1);
      if (busy) {
        summary.skipped++;
        result = 'No se inició ninguna descarga: había una descarga del SAT en curso';
      } else {
        const { from, months } = autoSyncPeriod(account.dias, now);
        let started = 0;
        try {
          for (const { year, month } of months) {
            for (const tipo of SAT_DOWNLOAD_TIPOS) {
              await startDownload(ctx, account, { year, month, tipo }, now, { from });
              started++;
            }
          }
        } finally {
          summary.started += started;
        }
        const names = months.map((m) => `${MONTHS[m.month - 1]!.toLowerCase()} ${m.year}`).join(' y ');
        result = `Se iniciaron ${started} descargas (emitidos y recibidos de ${names})`;
      }
    } catch (err) {
      summary.failed++;
      result = `No se pudo descargar: ${err instanceof Error ? err.message : String(err)}`;
    }
    try {
      await ctx.db.update(satDownloadSettings).set({ lastRunAt: now, lastRunResult: result }).where(eq(satDownloadSettings.userId, account.id));
    } catch (err) {
      console.error('[sat-auto-sync] could not record the run for account', account.id, err);
    }
  }
  return summary;
}
