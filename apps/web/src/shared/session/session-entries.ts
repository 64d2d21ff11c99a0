import { storageKeys, type StorageKey } from '../storage/storage-keys';
import type { LoginResponse, StoredUser } from './session-types';

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

/**
 * What a login-shaped response leaves in local storage: token, user and the login filters (month/year).
 * Pure, so the browser tests can open a signed-in page with exactly what a login stores.
 */
export function sessionEntries(res: LoginResponse): Array<[StorageKey, string]> {
  const entries: Array<[StorageKey, string]> = [
    [storageKeys.accessToken, res.access_token],
    [storageKeys.userData, JSON.stringify(toStoredUser(res))],
  ];
  if (res.filters?.month && res.filters?.year) {
    entries.push([storageKeys.month, String(res.filters.month)], [storageKeys.year, String(res.filters.year)]);
  }
  return entries;
}
