import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * Public SAT reference data lives in ../shared beside the repository (tests only; the app never reads it).
 * SHARED_DIR overrides the location.
 */
export const sharedDir =
  process.env.SHARED_DIR ?? fileURLToPath(new URL('../../../../shared', import.meta.url));

export const fixturePath = (...parts: string[]): string => path.join(sharedDir, 'fixtures', ...parts);

export const readFixture = (...parts: string[]): Buffer => readFileSync(fixturePath(...parts));

export const readFixtureText = (...parts: string[]): string => readFixture(...parts).toString('utf8');
