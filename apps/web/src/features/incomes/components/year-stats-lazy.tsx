import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { YearStatsProps } from './year-stats';

// Loaded when its tab opens: the lists' first screen does not carry it (e2e/code-split.spec.ts budgets).
const YearStats = lazy(() => import('./year-stats').then((m) => ({ default: m.YearStats })));

/** "Cálculos del año", loaded on demand. */
export function LazyYearStats(props: YearStatsProps) {
  return <Suspense fallback={<Loader size="sm" />}><YearStats {...props} /></Suspense>;
}
