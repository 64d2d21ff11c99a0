import type { StoredUser } from '../../shared/session/session-types';
import { isUserLoggedIn } from '../../shared/session/is-logged-in';
import { homeRouteFor } from '../../shared/session/home-route';
import { abilityFor } from '../../shared/ability/ability';

/** Resource every guarded app route reads (CASL subject). */
export const appSubject = 'App';

/**
 * §2.4 guard for routes that need login; returns where to redirect, or null to pass.
 * Unconfirmed → verify-account?email, incomplete profile → complete information,
 * token → pass, otherwise → login. §2.5: without permission, logged-in users see
 * /unauthorized and guests go to login.
 */
export function protectedRouteRedirect(token: string | null, user: StoredUser | null): string | null {
  if (user && !user.is_confirmed) return `/verify-account?email=${encodeURIComponent(user.email)}`;
  if (user && !user.profile_completed) return '/register/complete-information';
  if (!token || !user) return '/login';
  if (!abilityFor(user).can('read', appSubject)) return '/unauthorized';
  return null;
}

/** §2.3/§2.5: login-type routes send a logged-in user to their home route. */
export function guestRouteRedirect(token: string | null, user: StoredUser | null, pathname: string): string | null {
  return isUserLoggedIn(token, user, pathname) ? homeRouteFor(user) : null;
}

/** The complete-information page needs a confirmed account that still lacks its profile. */
export function completeInformationRedirect(token: string | null, user: StoredUser | null): string | null {
  if (!token || !user) return '/login';
  if (!user.is_confirmed) return `/verify-account?email=${encodeURIComponent(user.email)}`;
  if (user.profile_completed) return homeRouteFor(user);
  return null;
}
