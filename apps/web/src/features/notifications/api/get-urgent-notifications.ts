// Called by the guard on every navigation (entry chunk): the session area's entries, not the whole table.
import { sessionRoutes } from '@facturo/contract/routes/session';
import { type Notification } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** The unread urgent notifications (§7.16). */
export async function getUrgentNotifications(): Promise<Notification[]> {
  return (await call(sessionRoutes['notifications.urgent'], {})).data;
}
