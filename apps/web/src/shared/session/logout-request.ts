import { apiPost } from '../api/api-client';

/** `POST /api/logout` (errors ignored: the local session is cleared anyway). */
export const logoutRequest = () => apiPost<unknown>('/api/logout', {}, { passThrough: true }).catch(() => undefined);

