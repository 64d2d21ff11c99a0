import type { StoredUser } from './session-types';

/**
 * Where a logged-in user lands (§2.5): /dashboard/home for admins. The spec sends the
 * client role to an "access-control" page that it never defines, so clients land on the
 * dashboard too, which every plan includes.
 */
export function homeRouteFor(_user: Pick<StoredUser, 'role'> | null): string {
  return '/dashboard/home';
}
