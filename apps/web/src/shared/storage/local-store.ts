import type { StorageKey } from './storage-keys';

// Storage can throw (private mode, quota); the app must keep working without it.
function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a raw string value. */
export function readString(key: StorageKey): string | null {
  return safeStorage()?.getItem(key) ?? null;
}

/** Reads a JSON value, returning `fallback` when absent or unparsable. */
export function readJson<T>(key: StorageKey, fallback: T): T {
  const raw = readString(key);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Writes a string, or removes the key when `value` is null. */
export function writeString(key: StorageKey, value: string | null): void {
  const s = safeStorage();
  if (!s) return;
  if (value == null) s.removeItem(key);
  else s.setItem(key, value);
}

/** Writes a JSON value, or removes the key when `value` is null/undefined. */
export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value == null ? null : JSON.stringify(value));
}

/** Removes several keys at once. */
export function removeKeys(keys: StorageKey[]): void {
  for (const k of keys) writeString(k, null);
}
