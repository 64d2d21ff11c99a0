import { useSyncExternalStore } from 'react';
import { storageKeys } from '../storage/storage-keys';
import { readString, writeString } from '../storage/local-store';
import { getUser, subscribeSession } from '../session/session-store';
import { capMonth, initialPeriod } from './period-rules';

export interface Period {
  month: number;
  year: number;
}

const listeners = new Set<() => void>();
let period: Period | null = null;

function readNumber(key: typeof storageKeys.month | typeof storageKeys.year): number | null {
  const raw = readString(key);
  const n = raw == null ? NaN : Number(raw);
  return Number.isInteger(n) ? n : null;
}

function current(): Period {
  if (!period) {
    period = initialPeriod({
      savedMonth: readNumber(storageKeys.month),
      savedYear: readNumber(storageKeys.year),
      regimen: getUser()?.regimen,
      today: new Date(),
    });
  }
  return period;
}

/** Selected month and year; saved locally (§4). */
export function setPeriod(next: Partial<Period>): void {
  const base = current();
  const year = next.year ?? base.year;
  const month = capMonth(next.month ?? base.month, year, new Date());
  period = { month, year };
  writeString(storageKeys.month, String(month));
  writeString(storageKeys.year, String(year));
  for (const l of listeners) l();
}

/** Forgets the in-memory selection so the next read re-applies the rules (login/logout). */
export function resetPeriod(): void {
  period = null;
  for (const l of listeners) l();
}

/** The dashboard period other screens read (incomes, outcomes, ...). */
export function usePeriod(): Period {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    current,
    current,
  );
}

// A new session (or logout) re-applies the rules: login filters and regimen may differ.
let lastRfc = getUser()?.username ?? null;
subscribeSession(() => {
  const rfc = getUser()?.username ?? null;
  if (rfc !== lastRfc) {
    lastRfc = rfc;
    resetPeriod();
  }
});
