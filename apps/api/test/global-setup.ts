import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { createBoss } from '../src/jobs/queue';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Builds one migrated database (schema + pg-boss tables) per run; every test file then starts from
 * a copy: a PGlite data-dir dump, or a PostgreSQL database created from a template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `${new URL(url).pathname.slice(1) || 'facturo'}_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
    await admin.query(`CREATE DATABASE "${template}"`);
    await admin.end();
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${template}`;
    const db = await openDatabase({ kind: 'postgres', connectionString: tplUrl.toString(), poolSize: 2 });
    await migrate(db);
    const boss = createBoss(db, { schemaOnly: true });
    await boss.start();
    await boss.stop({ graceful: false, wait: true });
    await db.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await c.end();
    };
  }
  const db = await openDatabase({ kind: 'pglite' });
  await migrate(db);
  const boss = createBoss(db, { schemaOnly: true });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  const dump = await db.pglite!.dumpDataDir('gzip');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'facturo-tpl-')), 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
}
