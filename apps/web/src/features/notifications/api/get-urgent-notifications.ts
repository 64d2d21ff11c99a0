import { routes, type Notification } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** The unread urgent notifications (§7.16). */
export async function getUrgentNotifications(): Promise<Notification[]> {
  return (await call(routes['notifications.urgent'], {})).data;
}
