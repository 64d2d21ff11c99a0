import type { StoredUser } from './session-types';

export const completeInformationPath = '/register/complete-information';

/**
 * §5: a user counts as logged in only if the profile is complete, the account is
 * confirmed and the current route is not the complete-information page.
 */
export function isUserLoggedIn(token: string | null, user: StoredUser | null, pathname: string): boolean {
  return Boolean(
    token && user && user.is_confirmed && user.profile_completed && !pathname.startsWith(completeInformationPath),
  );
}
