import { getToken, getUser } from '../../shared/session/session-store';
import { isUserLoggedIn } from '../../shared/session/is-logged-in';
import { checkUrgentNotifications } from '../../features/notifications/model/notifications-store';
import { getUrgentNotifications } from '../../features/notifications/api/get-urgent-notifications';

/** Runs the §4 urgent-notification check for the current session when it is due. */
export function runNotificationCheck(): Promise<boolean> {
  const loggedIn = isUserLoggedIn(getToken(), getUser(), window.location.pathname);
  return checkUrgentNotifications(loggedIn, getUrgentNotifications);
}
