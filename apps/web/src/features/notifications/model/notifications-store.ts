import { useSyncExternalStore } from 'react';
import type { Notification } from '@facturo/contract';
import { storageKeys } from '../../../shared/storage/storage-keys';
import { readJson, readString, writeJson, writeString } from '../../../shared/storage/local-store';
import { getToken, subscribeSession } from '../../../shared/session/session-store';
import { shouldCheckNotifications } from './notification-check';

const listeners = new Set<() => void>();
let list: Notification[] = readJson<Notification[]>(storageKeys.notifications, []);
let loading = false;

function emit() {
  for (const l of listeners) l();
}

function lastReview(): number | null {
  const raw = readString(storageKeys.lastReview);
  const n = raw == null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/**
 * Runs the urgent-notification check when due (§4); `fetcher` is injected so the store
 * stays independent of the HTTP layer (and so the interceptor can call this without a cycle).
 */
export async function checkUrgentNotifications(
  loggedIn: boolean,
  fetcher: () => Promise<Notification[]>,
  now = Date.now(),
): Promise<boolean> {
  if (!shouldCheckNotifications({ now, lastReview: lastReview(), loggedIn, loading })) return false;
  return fetchUrgent(fetcher, now);
}

/**
 * Fetches the urgent list now, whatever the last review: a live event announced a new notification (e.g. the
 * day-1 automatic statement), so the bell must show it without waiting for the next periodic check.
 */
export async function refreshUrgentNotifications(fetcher: () => Promise<Notification[]>, now = Date.now()): Promise<boolean> {
  if (loading) return false;
  return fetchUrgent(fetcher, now);
}

async function fetchUrgent(fetcher: () => Promise<Notification[]>, now: number): Promise<boolean> {
  loading = true;
  // Mark the review before the call so the call's own success does not trigger another check.
  writeString(storageKeys.lastReview, String(now));
  try {
    list = await fetcher();
    writeJson(storageKeys.notifications, list);
    emit();
    return true;
  } catch {
    return false;
  } finally {
    loading = false;
  }
}

/**
 * Marks one notification (an id) or all of them (null) read through `marker`, then drops them from the
 * kept list; the list is left as it was when the call fails (the caller shows the error).
 */
export async function dismissNotifications(id: number | null, marker: () => Promise<void>): Promise<void> {
  await marker();
  list = id === null ? [] : list.filter((n) => n.id !== id);
  writeJson(storageKeys.notifications, list);
  emit();
}

/** Drops the in-memory list (logout clears the stored one). */
export function resetNotifications(): void {
  list = [];
  loading = false;
  emit();
}

/** Urgent notifications kept locally. */
export function useUrgentNotifications(): Notification[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => list,
    () => list,
  );
}

// Logout clears the stored list; drop the in-memory copy with it.
subscribeSession(() => {
  if (!getToken() && list.length) resetNotifications();
});
