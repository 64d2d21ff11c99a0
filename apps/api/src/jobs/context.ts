import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from '../providers/mail/mailer';
import type { SatGateway } from '../providers/sat/sat-gateway';
import type { Publisher } from '../realtime/publisher';
import type { SecretBox } from '../security/secrets';

/** What job handlers (in the API process or in `npm run worker`) are given. */
export interface JobContext {
  /** Which kind of process runs the handlers: recorded on results so the scaled-out path is provable. */
  role: 'api' | 'worker';
  config: Config;
  database: Database;
  db: Db;
  boss: PgBoss;
  publisher: Publisher;
  secrets: SecretBox;
  sat: SatGateway;
  mailer: Mailer;
}
