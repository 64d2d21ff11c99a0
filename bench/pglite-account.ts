// The API's request-context types augment @fastify/jwt: load it so this root-project file type-checks.
import type {} from '@fastify/jwt';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';

export interface BenchAccount {
  database: Database;
  uid: number;
  rfc: string;
  /** A SQL expression for a UUID unique to this account, the series value `g` and a 4-hex `tag`. */
  uuid(g: string, tag: string): string;
}

/** A migrated in-process PGlite with one confirmed account, for benches that call the services directly. */
export async function pgliteAccount(persona: 'fisica' | 'moral', regimen: string): Promise<BenchAccount> {
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  const rfc = 'BENC800101AB1';
  const [{ id }] = (await database.query<{ id: number }>(
    `INSERT INTO users (rfc, email, password_hash, persona, regimen, is_confirmed, profile_completed, rol_id) VALUES ($1, 'b@bench.mx', 'x', $2, $3, true, true, 11) RETURNING id`,
    [rfc, persona, regimen],
  )).rows as [{ id: number }];
  const uid = id;
  return { database, uid, rfc, uuid: (g, tag) => `upper(lpad(to_hex(${uid}), 8, '0') || '-${tag}-4000-8000-' || lpad(to_hex(${g}), 12, '0'))` };
}
