import { NOTIFICATIONS_FIRST_REVIEW_AGO_MS, NOTIFICATIONS_RECHECK_MS } from '@facturo/contract';

export interface CheckState {
  now: number;
  /** Epoch ms of the last review, or null on first run. */
  lastReview: number | null;
  loggedIn: boolean;
  loading: boolean;
}

/**
 * §4/§9: refresh urgent notifications when at least 2 minutes passed since the last
 * review, the user is logged in and no check is loading. First run assumes 1 hour ago.
 */
export function shouldCheckNotifications(s: CheckState): boolean {
  if (!s.loggedIn || s.loading) return false;
  const last = s.lastReview ?? s.now - NOTIFICATIONS_FIRST_REVIEW_AGO_MS;
  return s.now - last >= NOTIFICATIONS_RECHECK_MS;
}
