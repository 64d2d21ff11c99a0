import { queryOptions } from '@tanstack/react-query';
import { routes, type AnnouncementInput, type AnnouncementKind } from '@facturo/contract';
import { call } from '../../../shared/api/call';

export interface AnnouncementsQuery { page: number; perPage: number; search: string; kind?: AnnouncementKind }

export const announcementKeys = {
  all: (rfc: string) => ['announcements', rfc] as const,
  list: (rfc: string, q: AnnouncementsQuery) => ['announcements', rfc, 'list', q] as const,
  unread: (rfc: string) => ['announcements', rfc, 'unread'] as const,
};

/** `GET /api/announcements`: newest first, each with whether this user read it. */
export const announcementsQuery = (rfc: string, q: AnnouncementsQuery) =>
  queryOptions({
    queryKey: announcementKeys.list(rfc, q),
    queryFn: ({ signal }) => call(routes['announcements.list'], { query: { page: q.page, perPage: q.perPage, search: q.search || undefined, kind: q.kind }, signal }),
    placeholderData: (prev) => prev,
  });

/** The menu badge: refreshed every few minutes so news published meanwhile shows without a reload. */
export const unreadAnnouncementsQuery = (rfc: string) =>
  queryOptions({
    queryKey: announcementKeys.unread(rfc),
    queryFn: ({ signal }) => call(routes['announcements.unread'], { signal }),
    refetchInterval: 5 * 60_000,
    enabled: Boolean(rfc),
  });

export const markAnnouncementRead = (id: number) => call(routes['announcements.read'], { params: { id } });
export const markAllAnnouncementsRead = () => call(routes['announcements.readAll'], {});
export const publishAnnouncement = (body: AnnouncementInput) => call(routes['announcements.create'], { body, passThrough: true });
export const updateAnnouncement = (id: number, body: AnnouncementInput) => call(routes['announcements.update'], { params: { id }, body, passThrough: true });
export const deleteAnnouncement = (id: number) => call(routes['announcements.delete'], { params: { id } });
