import { useEffect, useState } from 'react';
import { getToken } from '../session/session-store';
import { ApiError } from './api-error';

/**
 * Downloads an authenticated file (profile picture, constancia) with the Bearer token and
 * returns it as an object URL: an <img src> or a plain link cannot carry the token.
 * The caller owns the URL and must revoke it.
 */
export async function fetchAuthedObjectUrl(path: string, signal?: AbortSignal): Promise<string> {
  return (await fetchAuthed(path, signal)).url;
}

/** The object URL and the response headers (some downloads say something about the file in a header). */
async function fetchAuthed(path: string, signal?: AbortSignal): Promise<{ url: string; headers: Headers }> {
  const token = getToken();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) throw new ApiError(res.status, {});
  return { url: URL.createObjectURL(await res.blob()), headers: res.headers };
}

/** Downloads an authenticated file (a CSV export) under `fileName`. */
export async function downloadAuthedFile(path: string, fileName: string): Promise<void> {
  await downloadAuthedFileWithHeaders(path, fileName);
}

/** The same, answering the response headers (a download may say something about the file in one). */
export async function downloadAuthedFileWithHeaders(path: string, fileName: string): Promise<Headers> {
  const { url, headers } = await fetchAuthed(path);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return headers;
}

/**
 * The file at `path` as an object URL for an <img>, or null while loading, on failure or
 * without a path. The previous URL is revoked when the path changes and on unmount, so
 * replacing the picture does not leak blobs.
 */
export function useAuthedObjectUrl(path: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ path: string; url: string } | null>(null);
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchAuthedObjectUrl(path, controller.signal)
      .then((u) => {
        url = u;
        if (controller.signal.aborted) URL.revokeObjectURL(u);
        else setLoaded({ path, url: u });
      })
      // A missing or forbidden picture just leaves the initials in place.
      .catch(() => {});
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  // Never show the picture of a previous path while the new one loads.
  return loaded && loaded.path === path ? loaded.url : null;
}
