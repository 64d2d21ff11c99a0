import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export const QUEUES = {
  ciecValidate: 'ciec-validate',
  credentialValidate: 'credential-validate',
  credentialExpiry: 'credential-expiry',
  cfdiImport: 'cfdi-import',
} as const;

/**
 * pg-boss on the app's own database. On PGlite it goes through a tiny `db` adapter: parameterised
 * statements via query(), parameterless scripts (pg-boss sends its schema as one multi-statement
 * string) via exec(); a failed statement inside a transaction is rolled back so the single embedded
 * connection is never left aborted.
 */
export function createBoss(database: Database, opts: { schemaOnly?: boolean } = {}): PgBoss {
  // schemaOnly: create/upgrade pg-boss's tables and leave no timers behind (test template setup).
  const common = {
    schema: 'pgboss', monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: 120,
    ...(opts.schemaOnly ? { supervise: false, schedule: false } : {}),
  } as const;
  if (database.kind === 'postgres') {
    return new PgBoss({ ...common, connectionString: database.connectionString!, max: 4 });
  }
  const client = database.pglite!;
  return new PgBoss({
    ...common,
    db: {
      async executeSql(text: string, values: any[]) {
        try {
          if (values && values.length) return { rows: (await client.query(text, values)).rows as any[] };
          const results = await client.exec(text);
          return { rows: results.flatMap((r) => r.rows as any[]) };
        } catch (err) {
          await client.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      },
    },
  });
}

export async function startBoss(boss: PgBoss): Promise<PgBoss> {
  boss.on('error', (err) => console.error('[jobs]', err.message));
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  return boss;
}
