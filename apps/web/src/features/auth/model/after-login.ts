import type { LoginResponse } from '@facturo/contract';
import { startSession } from '../../../shared/session/session-store';
import { storageKeys } from '../../../shared/storage/storage-keys';
import { writeJson } from '../../../shared/storage/local-store';
import { homeRouteFor } from '../../../shared/session/home-route';

/**
 * Stores the session of a login-shaped response and returns where to go next (§2.4):
 * unconfirmed → verify-account, incomplete profile → complete information, else home.
 */
export function afterLogin(res: LoginResponse): string {
  const user = startSession(res);
  if (!user.is_confirmed) {
    writeJson(storageKeys.registerInfo, { email: user.email, rfc: user.username });
    return `/verify-account?email=${encodeURIComponent(user.email)}`;
  }
  if (!user.profile_completed) return '/register/complete-information';
  return homeRouteFor(user);
}
