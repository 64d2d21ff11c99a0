import { useSyncExternalStore } from 'react';
import { storageKeys, sessionKeys } from '../storage/storage-keys';
import { readJson, readString, removeKeys, writeJson, writeString } from '../storage/local-store';
import type { LoginResponse, StoredUser } from './session-types';

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

/** Role 1 is admin (§6); every other role uses the client area. */
export function roleName(rol: number): 'admin' | 'client' {
  return rol === 1 ? 'admin' : 'client';
}

/** Converts a login-shaped response user into the locally stored user (§3). */
export function toStoredUser(res: LoginResponse): StoredUser {
  const u = res.user;
  return {
    id: u.rfc,
    fullName: u.name ?? '',
    username: u.rfc,
    avatar: u.img,
    email: u.email,
    role: roleName(u.rol),
    // §6: the local ability is manage all on the client.
    ability: [{ action: 'manage', subject: 'all' }],
    regimen: u.regimen,
    clave_sat: u.clave_sat,
    is_confirmed: u.is_confirmed,
    profile_completed: u.profile_completed,
    rol_id: u.rol,
    contr_stripe: u.contr_stripe,
  };
}

/** Stores token, user and the login filters (month/year) after login/verify/complete. */
export function startSession(res: LoginResponse): StoredUser {
  const user = toStoredUser(res);
  writeString(storageKeys.accessToken, res.access_token);
  writeJson(storageKeys.userData, user);
  if (res.filters?.month && res.filters?.year) {
    writeString(storageKeys.month, String(res.filters.month));
    writeString(storageKeys.year, String(res.filters.year));
  }
  emit();
  return user;
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
