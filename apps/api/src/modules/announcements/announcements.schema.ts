import { integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { AnnouncementKind } from '@facturo/contract';
import { users } from '../../db/schema';

/** Tables of migration 0570_announcements.sql (written by hand). */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 10 }).$type<AnnouncementKind>().notNull(),
  title: varchar('title', { length: 150 }).notNull(),
  body: text('body').notNull(),
  link: varchar('link', { length: 500 }),
  publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const announcementReads = pgTable('announcement_reads', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  announcementId: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.announcementId] })]);

export type AnnouncementRow = typeof announcements.$inferSelect;
