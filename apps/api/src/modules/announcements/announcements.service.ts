import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Announcement, AnnouncementKind, Page } from '@facturo/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { announcementReads, announcements, type AnnouncementRow } from './announcements.schema';

const NOT_FOUND = 'La novedad no existe';

export interface AnnouncementValues {
  kind: AnnouncementKind;
  title: string;
  body: string;
  link?: string | null;
}

function toAnnouncement(row: AnnouncementRow, read: boolean): Announcement {
  return {
    id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link,
    published_at: row.publishedAt.toISOString(), read,
  };
}

/** Newest first, each with whether this user has read it; `kind` narrows to product news or SAT changes. */
export async function listAnnouncements(
  db: Db, userId: number, q: { page: number; perPage: number; kind?: AnnouncementKind | undefined; search?: string | undefined },
): Promise<Page<Announcement>> {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    q.kind ? eq(announcements.kind, q.kind) : undefined,
    like ? or(ilike(announcements.title, like), ilike(announcements.body, like)) : undefined,
  );
  const readJoin = and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId));
  const [rows, [total]] = await Promise.all([
    db.select({ a: announcements, readAt: announcementReads.readAt }).from(announcements).leftJoin(announcementReads, readJoin)
      .where(where).orderBy(desc(announcements.publishedAt), desc(announcements.id)).limit(q.perPage).offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return {
    data: rows.map((r) => toAnnouncement(r.a, r.readAt !== null)),
    total: Number(total?.n ?? 0), current_page: q.page, per_page: q.perPage,
  };
}

export async function unreadCount(db: Db, userId: number): Promise<{ unread: number }> {
  const [row] = await db.select({ n: count() }).from(announcements)
    .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId)))
    .where(isNull(announcementReads.userId));
  return { unread: Number(row?.n ?? 0) };
}

export async function markRead(db: Db, userId: number, id: number): Promise<{ unread: number }> {
  const [exists] = await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id)).limit(1);
  if (!exists) throw notFound(NOT_FOUND);
  await db.insert(announcementReads).values({ userId, announcementId: id }).onConflictDoNothing();
  return unreadCount(db, userId);
}

export async function markAllRead(db: Db, userId: number): Promise<{ unread: number }> {
  // One statement: announcements published while it runs are either all marked or left unread, never half.
  await db.execute(sql`INSERT INTO announcement_reads (user_id, announcement_id)
    SELECT ${userId}, a.id FROM announcements a ON CONFLICT DO NOTHING`);
  return unreadCount(db, userId);
}

export async function publish(db: Db, adminId: number, v: AnnouncementValues): Promise<Announcement> {
  const [row] = await db.insert(announcements)
    .values({ kind: v.kind, title: v.title, body: v.body, link: v.link ?? null, publishedBy: adminId }).returning();
  // The publisher has read what they wrote: their own badge does not count it.
  await db.insert(announcementReads).values({ userId: adminId, announcementId: row!.id }).onConflictDoNothing();
  return toAnnouncement(row!, true);
}

export async function update(db: Db, adminId: number, id: number, v: AnnouncementValues): Promise<Announcement> {
  const [row] = await db.update(announcements)
    .set({ kind: v.kind, title: v.title, body: v.body, link: v.link ?? null, updatedAt: new Date() })
    .where(eq(announcements.id, id)).returning();
  if (!row) throw notFound(NOT_FOUND);
  const [read] = await db.select().from(announcementReads)
    .where(and(eq(announcementReads.userId, adminId), eq(announcementReads.announcementId, id))).limit(1);
  return toAnnouncement(row, Boolean(read));
}

export async function remove(db: Db, id: number): Promise<{ message: string }> {
  const deleted = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  if (!deleted.length) throw notFound(NOT_FOUND);
  return { message: 'Novedad eliminada' };
}
