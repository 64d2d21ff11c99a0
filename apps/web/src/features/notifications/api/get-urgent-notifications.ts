// Called by the guard on every navigation (entry chunk): the session area's entries, not the whole table.
import { sessionRoutes } from '@facturo/contract/routes/session';
import { type Notification } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** The unread urgent notifications (§7.16). */
export async function getUrgentNotifications(): Promise<Notification[]> {
  return (await call(sessionRoutes['notifications.urgent'], {})).data;
}

/** Marks one notification read: it leaves the urgent list (issue 25 §7). */
export async function markNotificationRead(id: number): Promise<void> {
  await call(sessionRoutes['notifications.markRead'], { params: { id } });
}

/** Marks every notification of the account read. */
export async function markAllNotificationsRead(): Promise<void> {
  await call(sessionRoutes['notifications.markAllRead'], {});
}
