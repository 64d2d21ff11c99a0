import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_CODES, SOCKET_EVENTS } from '@facturo/contract';
import { useSession } from '../../shared/session/session-store';
import { connectLive, disconnectLive, onLive } from '../../shared/socket/live-channel';
import { toastSuccess, toastWarning } from '../../shared/ui/toasts';
import { t } from '../../shared/i18n/i18n';
import { refreshUrgentNotifications } from '../../features/notifications/model/notifications-store';
import { getUrgentNotifications } from '../../features/notifications/api/get-urgent-notifications';

/** Job events that concern the user wherever they are in the app (data.type of the progress message). */
const NOTIFYING_JOBS = new Set(['STATEMENT']);

/**
 * Keeps one socket open while a confirmed user has a token, and reacts to app-wide
 * events: charge events (§4, §8) toast and refresh plan access; finished jobs refresh
 * the background-process list; a finished job that notifies (the automatic statement)
 * toasts on whatever page the user is, refreshes its data and the urgent notifications.
 */
export function useLiveSession(): void {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const rfc = user?.is_confirmed ? user.username : null;

  useEffect(() => {
    if (!token || !rfc) {
      disconnectLive();
      return;
    }
    connectLive(token, rfc);
  }, [token, rfc]);

  useEffect(() => {
    if (!rfc) return;
    return onLive((event, msg) => {
      if (event === SOCKET_EVENTS.charge) {
        if (msg.code === SOCKET_CODES.ok) toastSuccess(msg.message, msg.title || t('charge.okTitle'));
        else toastWarning(msg.message, msg.title || t('charge.failTitle'));
        void queryClient.invalidateQueries({ queryKey: ['plans', rfc] });
        void queryClient.invalidateQueries({ queryKey: ['payments', rfc] });
        return;
      }
      const type = (msg.data as { type?: unknown } | null | undefined)?.type;
      if (msg.finished && typeof type === 'string' && NOTIFYING_JOBS.has(type)) {
        if (msg.code === SOCKET_CODES.ok) toastSuccess(msg.message, msg.title);
        else toastWarning(msg.message, msg.title);
        if (type === 'STATEMENT') void queryClient.invalidateQueries({ queryKey: ['statements', rfc] });
        void refreshUrgentNotifications(getUrgentNotifications);
      }
      // A job that failed puts a notification in the bell (the server writes it with the failure).
      else if (msg.finished && msg.code !== SOCKET_CODES.ok) void refreshUrgentNotifications(getUrgentNotifications);
      if (msg.finished) void queryClient.invalidateQueries({ queryKey: ['background', rfc] });
    });
  }, [rfc, queryClient]);
}
