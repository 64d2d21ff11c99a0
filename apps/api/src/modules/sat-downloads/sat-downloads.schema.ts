import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ImportRejection, SatDownloadStatus, SatDownloadTipo } from '@facturo/contract';
import { users } from '../../db/schema';

/** The next thing a download's job has to do (resume model, decision 220). */
export type SatDownloadStep = 'request' | 'verify' | 'download' | 'done';

/** Table of migration 0610_sat_downloads.sql (written by hand). */
export const satDownloads = pgTable('sat_downloads', {
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rfc: varchar('rfc', { length: 13 }).notNull(),
  processId: uuid('process_id').notNull(),
  tipo: varchar('tipo', { length: 10 }).$type<SatDownloadTipo>().notNull(),
  year: integer('year').notNull(),
  month: integer('month').notNull(),
  periodStart: varchar('period_start', { length: 19 }).notNull(),
  periodEnd: varchar('period_end', { length: 19 }).notNull(),
  status: varchar('status', { length: 8 }).$type<SatDownloadStatus>().notNull().default('pending'),
  step: varchar('step', { length: 10 }).$type<SatDownloadStep>().notNull().default('request'),
  requestId: varchar('request_id', { length: 64 }),
  packageIds: jsonb('package_ids').$type<string[]>().notNull().default([]),
  packagesDone: jsonb('packages_done').$type<string[]>().notNull().default([]),
  verifications: integer('verifications').notNull().default(0),
  unavailableTries: integer('unavailable_tries').notNull().default(0),
  numeroCfdis: integer('numero_cfdis'),
  total: integer('total').notNull().default(0),
  imported: integer('imported').notNull().default(0),
  duplicated: integer('duplicated').notNull().default(0),
  rejections: jsonb('rejections').$type<ImportRejection[]>().notNull().default([]),
  warning: text('warning'),
  message: text('message'),
  progress: integer('progress').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);
export type SatDownloadRow = typeof satDownloads.$inferSelect;

/** Table of migration 0660_sat_download_settings.sql: the daily automatic download, one row per account (none = off). */
export const satDownloadSettings = pgTable('sat_download_settings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  autoSync: boolean('auto_sync').notNull().default(false),
  dias: integer('dias').notNull().default(3),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunResult: text('last_run_result'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SatDownloadSettingsRow = typeof satDownloadSettings.$inferSelect;
