import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** Spec §9: a screen's code that has not arrived after 120 s is given up on (and offered again). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The error a route's error boundary recognises to offer "Reintentar" instead of a generic failure. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** True for our timeout and for the browser's own "failed to fetch a dynamically imported module". */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(message);
}

/** Waits for a module at most `ms`; a slower or failed download becomes a ChunkLoadError. */
export function loadChunk<M>(load: () => Promise<M>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('La pantalla tardó demasiado en cargar')), ms);
    load().then(
      (m) => { clearTimeout(timer); resolve(m); },
      (e: unknown) => { clearTimeout(timer); reject(isChunkLoadError(e) ? new ChunkLoadError(String((e as Error)?.message ?? e)) : e); },
    );
  });
}

/**
 * A route's `lazy` for a page module: the page's code (and what only it uses) is a separate chunk, downloaded
 * on the first visit. `pick` names the component the module exports.
 * Example: `{ path: '/products', lazy: lazyPage(() => import('./pages/products-page'), 'ProductsPage') }`.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>, pick: K,
): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: (await loadChunk(load))[pick] as ComponentType });
}
