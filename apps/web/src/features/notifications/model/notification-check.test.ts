import { describe, expect, it } from 'vitest';
import { shouldCheckNotifications } from './notification-check';

const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const min = 60_000;

describe('urgent notifications re-check (§4, §9)', () => {
  it('checks on first run (last review assumed 1 hour ago)', () => {
    expect(shouldCheckNotifications({ now, lastReview: null, loggedIn: true, loading: false })).toBe(true);
  });
  it('waits at least 2 minutes between reviews', () => {
    expect(shouldCheckNotifications({ now, lastReview: now - 2 * min + 1, loggedIn: true, loading: false })).toBe(false);
    expect(shouldCheckNotifications({ now, lastReview: now - 2 * min, loggedIn: true, loading: false })).toBe(true);
  });
  it('never checks logged out or while a check is loading', () => {
    expect(shouldCheckNotifications({ now, lastReview: null, loggedIn: false, loading: false })).toBe(false);
    expect(shouldCheckNotifications({ now, lastReview: null, loggedIn: true, loading: true })).toBe(false);
  });
});
