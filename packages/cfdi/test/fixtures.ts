import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * Public SAT reference data lives in the repository's top-level fixtures/ folder (tests, benches and
 * scripts only; the app never reads it), so a fresh clone runs its tests with nothing beside it.
 * See fixtures/README.md for each file's source and licence.
 */
export const fixturesDir = fileURLToPath(new URL('../../../fixtures', import.meta.url));

export const fixturePath = (...parts: string[]): string => path.join(fixturesDir, ...parts);

export const readFixture = (...parts: string[]): Buffer => readFileSync(fixturePath(...parts));

export const readFixtureText = (...parts: string[]): string => readFixture(...parts).toString('utf8');
