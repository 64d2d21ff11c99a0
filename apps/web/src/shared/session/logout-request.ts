import { routes } from '@facturo/contract';
import { call } from '../api/call';

/** Errors ignored: the local session is cleared anyway. */
export const logoutRequest = () => call(routes['auth.logout'], { passThrough: true }).catch(() => undefined);
