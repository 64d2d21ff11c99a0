import '../test/dom-setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useAuthedObjectUrl } from './authed-file';
import { clearSession, startSession } from '../session/session-store';

describe('useAuthedObjectUrl', () => {
  const created: string[] = [];
  const revoked: string[] = [];
  const seen: { path: string; auth: string | null }[] = [];

  beforeEach(() => {
    created.length = 0;
    revoked.length = 0;
    seen.length = 0;
    let n = 0;
    URL.createObjectURL = vi.fn(() => {
      const url = `blob:test/${++n}`;
      created.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      seen.push({ path, auth: new Headers(init.headers).get('Authorization') });
      if (path.includes('missing')) return new Response('{}', { status: 404 });
      return new Response(new Blob(['png'], { type: 'image/png' }));
    }) as typeof fetch;
  });
  afterEach(() => clearSession());

  it('fetches with the bearer token and returns an object URL', async () => {
    startSession(tokenSession('tok-123'));
    const { result } = renderHook(() => useAuthedObjectUrl('/api/profile/avatar?v=1'));
    await waitFor(() => expect(result.current).toBe('blob:test/1'));
    expect(seen).toEqual([{ path: '/api/profile/avatar?v=1', auth: 'Bearer tok-123' }]);
  });

  it('revokes the old URL when the path changes and the last one on unmount', async () => {
    startSession(tokenSession('tok-abc'));
    const { result, rerender, unmount } = renderHook(({ path }) => useAuthedObjectUrl(path), { initialProps: { path: '/a' } });
    await waitFor(() => expect(result.current).toBe('blob:test/1'));
    rerender({ path: '/b' });
    await waitFor(() => expect(result.current).toBe('blob:test/2'));
    expect(revoked).toEqual(['blob:test/1']);
    unmount();
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2']);
  });

  it('stays null without a path or when the file is missing', async () => {
    const empty = renderHook(() => useAuthedObjectUrl(null));
    expect(empty.result.current).toBeNull();
    const missing = renderHook(() => useAuthedObjectUrl('/missing'));
    await waitFor(() => expect(seen.map((s) => s.path)).toContain('/missing'));
    expect(missing.result.current).toBeNull();
    expect(created).toEqual([]);
  });
});

function tokenSession(token: string) {
  return {
    access_token: token,
    user: { name: 'Prueba', rfc: 'XAXX010101000', img: null, email: 'a@b.mx', regimen: '612', clave_sat: null, is_confirmed: true, profile_completed: true, rol: 10, contr_stripe: null },
  } as never;
}
