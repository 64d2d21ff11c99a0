// The entry (login, guard, session) imports its area's entries, not the whole table: /login stays small (issue 19).
import { authRoutes } from '@facturo/contract/routes/auth';
import { call } from '../api/call';

/** Errors ignored: the local session is cleared anyway. */
export const logoutRequest = () => call(authRoutes['auth.logout'], { passThrough: true }).catch(() => undefined);
