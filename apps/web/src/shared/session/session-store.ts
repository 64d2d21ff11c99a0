import { useSyncExternalStore } from 'react';
import { storageKeys, sessionKeys } from '../storage/storage-keys';
import { readJson, readString, removeKeys, writeJson, writeString } from '../storage/local-store';
import type { LoginResponse, StoredUser } from './session-types';
import { sessionEntries, toStoredUser } from './session-entries';

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot = readSnapshot();

interface SessionSnapshot {
  token: string | null;
  user: StoredUser | null;
}

function readSnapshot(): SessionSnapshot {
  return { token: readString(storageKeys.accessToken), user: readJson<StoredUser | null>(storageKeys.userData, null) };
}

function emit(): void {
  snapshot = readSnapshot();
  for (const l of listeners) l();
}

/** Stores token, user and the login filters (month/year) after login/verify/complete. */
export function startSession(res: LoginResponse): StoredUser {
  for (const [key, value] of sessionEntries(res)) writeString(key, value);
  emit();
  return toStoredUser(res);
}

/** Merges changes into the stored user (e.g. a new role from the plan fetch, §6). */
export function updateUser(patch: Partial<StoredUser>): void {
  const cur = snapshot.user;
  if (!cur) return;
  writeJson(storageKeys.userData, { ...cur, ...patch });
  emit();
}

/** Clears tokens, user data, notifications, last review and form state (§4). */
export function clearSession(): void {
  removeKeys(sessionKeys);
  emit();
}

/** Current token (read by the api client for the Bearer header). */
export function getToken(): string | null {
  return snapshot.token;
}

/** Current stored user. */
export function getUser(): StoredUser | null {
  return snapshot.user;
}

/** Re-reads storage (another tab, or tests that seed storage directly). */
export function reloadSession(): void {
  emit();
}

/** Subscribes to session changes. */
export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** React hook over the session snapshot. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, () => snapshot, () => snapshot);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === storageKeys.accessToken || e.key === storageKeys.userData) emit();
  });
}
