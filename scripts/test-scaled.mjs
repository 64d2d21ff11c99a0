#!/usr/bin/env node
// The scaled-out proof needs PostgreSQL and Redis: it runs with the PostgreSQL leg of CI
// (DATABASE_URL + REDIS_URL set) and says plainly that it did not run otherwise.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.log('test:scaled: requiere DATABASE_URL y REDIS_URL (corre en la segunda pasada de .ci/run)');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'scaled'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
