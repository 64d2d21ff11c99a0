import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export const QUEUES = {
  ciecValidate: 'ciec-validate',
  credentialValidate: 'credential-validate',
  credentialExpiry: 'credential-expiry',
  cfdiImport: 'cfdi-import',
  payrollStamp: 'payroll-stamp',
  stampRecovery: 'stamp-recovery',
  statementsAuto: 'statements-auto',
  satStatusRecheck: 'sat-status-recheck',
  efosRefresh: 'efos-refresh',
  cancellationInbox: 'cancellation-inbox',
  satConstancia: 'sat-constancia',
  satDownload: 'sat-download',
  satDownloadAuto: 'sat-download-auto',
  accountingGenerate: 'accounting-generate',
  bankImport: 'bank-import',
  bankComplements: 'bank-complements',
  bankRepDeadline: 'bank-rep-deadline',
  receivablesReminders: 'receivables-reminders',
  bulkImport: 'bulk-import',
  recurringInvoices: 'recurring-invoices',
  invoiceSheet: 'invoice-sheet',
  webhookDeliveries: 'webhook-deliveries',
} as const;

/** How often pg-boss looks for expired jobs (and archives finished ones). */
export const MAINTENANCE_INTERVAL_S = 15;

/**
 * Per job type: how long one attempt may run before it counts as dead (its process was killed, its
 * connection lost) and is retried. A validation takes seconds (SAT's latency included), so a minute
 * is generous; the daily expiry notice walks every certificate and gets ten. pg-boss's default was
 * 15 minutes, which left a killed validation frozen on the user's screen for that long.
 */
export const QUEUE_POLICIES: Record<(typeof QUEUES)[keyof typeof QUEUES], { expireInSeconds: number; retryLimit: number; retryDelay: number }> = {
  'ciec-validate': { expireInSeconds: 60, retryLimit: 2, retryDelay: 1 },
  'credential-validate': { expireInSeconds: 60, retryLimit: 2, retryDelay: 1 },
  'credential-expiry': { expireInSeconds: 600, retryLimit: 2, retryDelay: 60 },
  // Thousands of XML take minutes; a retry re-reads the upload and skips what is stored (dedupe by UUID).
  // Each import is sent with an expiry sized to its upload (importExpireInSeconds).
  'cfdi-import': { expireInSeconds: 900, retryLimit: 2, retryDelay: 5 },
  // A killed worker's run expires and is retried: it resumes with the details still pending (each stamp is
  // idempotent by its detail), so nobody is stamped twice. Each run is sent with an expiry sized to its
  // receipts (payrollExpireInSeconds); this is only the queue's default.
  'payroll-stamp': { expireInSeconds: 300, retryLimit: 3, retryDelay: 5 },
  // Every minute: documents left 'timbrando' by a crash are re-sent to the PAC (decision 282); idempotent.
  'stamp-recovery': { expireInSeconds: 300, retryLimit: 1, retryDelay: 30 },
  // Day-1 automatic statements (issue 11): idempotent per account and period.
  'statements-auto': { expireInSeconds: 900, retryLimit: 2, retryDelay: 60 },
  // Issue 15: SAT status re-check of recent documents, the 69-B list refresh, the receptor's cancellation inbox
  // (each idempotent: a retry asks again) and the CSF / CIF request (a validation-sized job).
  'sat-status-recheck': { expireInSeconds: 900, retryLimit: 2, retryDelay: 60 },
  'efos-refresh': { expireInSeconds: 900, retryLimit: 3, retryDelay: 300 },
  'cancellation-inbox': { expireInSeconds: 600, retryLimit: 2, retryDelay: 60 },
  'sat-constancia': { expireInSeconds: 120, retryLimit: 2, retryDelay: 2 },
  // One step of a SAT download (issue 15): a killed run expires and is retried from the step the row recorded.
  'sat-download': { expireInSeconds: 600, retryLimit: 3, retryDelay: 5 },
  // The daily automatic download (issue 15 §1) only opens downloads (each runs as its own sat-download job); a
  // retry skips the accounts whose downloads are already pending or running.
  'sat-download-auto': { expireInSeconds: 900, retryLimit: 2, retryDelay: 60 },
  // Issue 28: a month's pólizas; a retry replaces what a killed run wrote (one transaction per run).
  'accounting-generate': { expireInSeconds: 600, retryLimit: 2, retryDelay: 5 },
  // Issue 27: a statement import is idempotent (movements dedupe by fingerprint), so a killed run is retried;
  // a complements run skips the movements already complemented (and each stamp is idempotent by its attempt).
  'bank-import': { expireInSeconds: 600, retryLimit: 2, retryDelay: 5 },
  'bank-complements': { expireInSeconds: 1800, retryLimit: 1, retryDelay: 10 },
  // Daily bell warning of REP deadlines: idempotent per account and deadline.
  'bank-rep-deadline': { expireInSeconds: 600, retryLimit: 2, retryDelay: 60 },
  // Daily collection reminders: one per customer and day by the log's unique window, so a retry sends nothing twice.
  'receivables-reminders': { expireInSeconds: 900, retryLimit: 2, retryDelay: 60 },
  // Issue 29: a spreadsheet import re-reads its stored upload and upserts by RFC / SKU / no. empleado, so a retry
  // after a crash writes nothing twice.
  'bulk-import': { expireInSeconds: 900, retryLimit: 2, retryDelay: 5 },
  // Hourly recurring invoices (issue 29 §3): each run is idempotent by schedule and period.
  'recurring-invoices': { expireInSeconds: 900, retryLimit: 1, retryDelay: 60 },
  // Invoices from a spreadsheet (issue 29 §2): a resumed run re-sends only the groups without a result, each with
  // its own Idempotency-Key. Each batch is sent with an expiry sized to it.
  'invoice-sheet': { expireInSeconds: 600, retryLimit: 3, retryDelay: 5 },
  // Issue 29 §5: a pass over due webhook deliveries; its own backoff lives in the rows, so pg-boss does not retry.
  'webhook-deliveries': { expireInSeconds: 300, retryLimit: 0, retryDelay: 1 },
};

/**
 * The expiry of one payroll run: 30 s plus 2 s per receipt (the bench stamps one in 20-400 ms, so a live run
 * never outlives it). A fixed expiry was wrong both ways: 300 s made a killed 30-receipt run wait five
 * minutes to resume, and a 2,000-receipt run that legitimately takes longer than 300 s was declared dead and
 * run a second time beside itself.
 */
export const payrollExpireInSeconds = (receipts: number): number => 30 + 2 * receipts;

/**
 * The expiry of one CFDI import: a minute plus 1 s per 50 kB uploaded (a ZIP of 1,000 XML is about 1.5 MB and
 * imports in seconds). It used to be a fixed hour with no retry: a worker killed mid-import left the import
 * "running" forever and the rest of its documents never arrived.
 */
export const importExpireInSeconds = (bytes: number): number => 60 + Math.ceil(bytes / 50_000);

/**
 * pg-boss on the app's own database. On PGlite it goes through a tiny `db` adapter: parameterised
 * statements via query(), parameterless scripts (pg-boss sends its schema as one multi-statement
 * string) via exec(); a failed statement inside a transaction is rolled back so the single embedded
 * connection is never left aborted.
 */
export function createBoss(database: Database, opts: { schemaOnly?: boolean } = {}): PgBoss {
  // schemaOnly: create/upgrade pg-boss's tables and leave no timers behind (test template setup).
  // Maintenance is what fails an expired job into a retry: every 15 s, so a job whose worker died
  // runs again within its expiry + 15 s (issue 17 §6).
  const common = {
    schema: 'pgboss', monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_S,
    ...(opts.schemaOnly ? { supervise: false, schedule: false } : {}),
  } as const;
  if (database.kind === 'postgres') {
    return wakeWorkersOnSend(new PgBoss({ ...common, connectionString: database.connectionString!, max: 4 }));
  }
  const client = database.pglite!;
  const raw = database.pgliteRaw;
  return wakeWorkersOnSend(new PgBoss({
    ...common,
    db: {
      async executeSql(text: string, values: any[]) {
        try {
          if (values && values.length) return { rows: (await client.query(text, values, raw)).rows as any[] };
          const results = await client.exec(text, raw);
          return { rows: results.flatMap((r) => r.rows as any[]) };
        } catch (err) {
          await client.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      },
    },
  }), { minPollSeconds: opts.schemaOnly ? undefined : EMBEDDED_POLL_S });
}

/**
 * How often a worker on the embedded database looks for jobs nobody announced: retries and delayed starts. Every
 * other job was sent by this same process (PGlite has one connection, so the API and its workers are one process)
 * and wakes its worker at once. Each poll is a statement on the only connection: 30 queues, 14 of them every half
 * second, were about 37 statements a second beside the users' requests (decision 325).
 */
export const EMBEDDED_POLL_S = 2;

/** Milliseconds until a job sent with these options may start (pg-boss's startAfter: seconds, a Date or a date string). */
function startsIn(options: unknown): number {
  const after = (options as { startAfter?: number | string | Date } | undefined)?.startAfter;
  if (after === undefined) return 0;
  if (typeof after === 'number') return after * 1000;
  return new Date(after).getTime() - Date.now();
}

/**
 * A job sent from this process wakes this process's workers of its queue at once instead of at their next poll
 * (up to half a second later; two seconds for the queues on pg-boss's default): the progress bar starts when the
 * user clicks. Workers in other processes (npm run worker) still find it by polling. With `minPollSeconds`, polls
 * are spaced at least that far apart.
 */
export function wakeWorkersOnSend(boss: PgBoss, opts: { minPollSeconds?: number } = {}): PgBoss {
  const byQueue = new Map<string, string[]>();
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  (boss as { work: unknown }).work = async (name: string, ...rest: unknown[]) => {
    const min = opts.minPollSeconds;
    if (min !== undefined) {
      const options = typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as PgBoss.WorkOptions) : {};
      const args = typeof rest[0] === 'function' ? [options, rest[0]] : [options, rest[1]];
      args[0] = { ...options, pollingIntervalSeconds: Math.max(options.pollingIntervalSeconds ?? 2, min) };
      rest = args;
    }
    const id = await work(name, ...rest);
    byQueue.set(name, [...(byQueue.get(name) ?? []), id]);
    return id;
  };
  (boss as { send: unknown }).send = async (...args: unknown[]) => {
    const id = await send(...args);
    const request = typeof args[0] === 'string' ? { name: args[0], options: args[2] } : (args[0] as { name: string; options?: unknown });
    const wake = () => { for (const worker of byQueue.get(request.name) ?? []) boss.notifyWorker(worker); };
    // A delayed job (startAfter) wakes them when it is due, not at the first poll after that.
    const due = startsIn(request.options);
    if (due > 0) setTimeout(wake, due).unref();
    else wake();
    return id;
  };
  return boss;
}

export async function startBoss(boss: PgBoss): Promise<PgBoss> {
  // pg-boss polls every half second: while the database is away say so once a minute, not each poll.
  let lastSaid = 0;
  boss.on('error', (err) => {
    if (Date.now() - lastSaid < 60_000) return;
    lastSaid = Date.now();
    console.error('[jobs]', err.message);
  });
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { name, ...QUEUE_POLICIES[name] });
    // createQueue leaves an existing queue as it was: bring its policy up to date.
    await boss.updateQueue(name, { name, ...QUEUE_POLICIES[name] });
  }
  return boss;
}

/** Retry bookkeeping a handler needs: which attempt this is and whether another one will follow a failure. */
export function attemptOf(job: { retryCount: number; retryLimit: number }): { attempt: number; last: boolean } {
  return { attempt: job.retryCount + 1, last: job.retryCount >= job.retryLimit };
}

/**
 * A queue's worker taking one job at a time: `run` does the work of an attempt; when it throws on the last attempt
 * `onLastFailure` tells the user (its own error is ignored) and the error goes on to pg-boss. Before the last
 * attempt nothing is said: pg-boss retries and the progress bar says "Reintentando…".
 */
export async function workOneAtATime<T extends object>(
  boss: PgBoss, queue: string,
  run: (data: T, attempt: number) => Promise<unknown>,
  onLastFailure: (data: T, attempt: number) => Promise<unknown>,
): Promise<void> {
  await boss.work<T>(queue, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async ([job]) => {
    const { attempt, last } = attemptOf(job!);
    try {
      await run(job!.data, attempt);
    } catch (err) {
      if (last) await onLastFailure(job!.data, attempt).catch(() => undefined);
      throw err;
    }
  });
}
