import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkUrgentNotifications } from './notifications-store';

const note = { id: 1, title: 'Declaración pendiente', message: 'Vence el día 17', link: null, created_at: '2026-11-20T10:00:00Z' };
const t0 = Date.UTC(2026, 10, 23, 12);

beforeEach(() => localStorage.clear());

describe('urgent notifications check', () => {
  it('fetches on first run, stores the list and the review time', async () => {
    const fetcher = vi.fn().mockResolvedValue([note]);
    expect(await checkUrgentNotifications(true, fetcher, t0)).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('urgentNotifications')!)).toEqual([note]);
    expect(localStorage.getItem('lastReviewNotifications')).toBe(String(t0));
  });
  it('does not fetch again within 2 minutes, and does after', async () => {
    const fetcher = vi.fn().mockResolvedValue([]);
    await checkUrgentNotifications(true, fetcher, t0);
    expect(await checkUrgentNotifications(true, fetcher, t0 + 119_999)).toBe(false);
    expect(await checkUrgentNotifications(true, fetcher, t0 + 120_000)).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
  it('never overlaps two checks', async () => {
    let release!: (v: never[]) => void;
    const fetcher = vi.fn().mockImplementation(() => new Promise((r) => (release = r)));
    const first = checkUrgentNotifications(true, fetcher, t0);
    // A success inside the first call (the interceptor) must not start a second one.
    expect(await checkUrgentNotifications(true, fetcher, t0 + 10 * 60_000)).toBe(false);
    release([]);
    await first;
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
  it('does nothing when logged out', async () => {
    const fetcher = vi.fn();
    expect(await checkUrgentNotifications(false, fetcher, t0)).toBe(false);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
