import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../shared/session/session-store';
import { unreadAnnouncementsQuery } from './api/announcements-api';

/** How many announcements the signed-in user has not read (the menu's badge); 0 while unknown. */
export function useUnreadAnnouncements(): number {
  const rfc = useSession().user?.username ?? '';
  return useQuery(unreadAnnouncementsQuery(rfc)).data?.unread ?? 0;
}
