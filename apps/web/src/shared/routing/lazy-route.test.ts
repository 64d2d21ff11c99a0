import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './lazy-route';

afterEach(() => vi.useRealTimers());

describe('lazy screens (spec §9: chunk load time-out 120 s)', () => {
  it('gives up on a screen whose code has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const settled = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    await settled;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a module that arrives in time, and turns the browser\u2019s import failure into a ChunkLoadError', async () => {
    await expect(loadChunk(async () => ({ Page: 1 }))).resolves.toEqual({ Page: 1 });
    const failed = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')));
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    // Any other error is the screen's own and keeps its identity.
    await expect(loadChunk(() => Promise.reject(new RangeError('otro')))).rejects.toBeInstanceOf(RangeError);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x'))).toBe(false);
  });
});
