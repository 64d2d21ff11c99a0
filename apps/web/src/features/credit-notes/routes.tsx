import type { RouteObject } from 'react-router';
import { loadChunk } from '../../shared/routing/lazy-route';

const side = (n: 1 | 2): NonNullable<RouteObject['lazy']> => async () => {
  const { CreditNotesPage } = await loadChunk(() => import('./pages/credit-notes-page'));
  return { element: <CreditNotesPage key={n} side={n} /> };
};

/** Notas de crédito (spec §2.1): emitted and received, one page for both sides. */
export const creditNotesRoutes: RouteObject[] = [
  { path: '/credit-notes/emitted', lazy: side(1) },
  { path: '/credit-notes/received', lazy: side(2) },
];
