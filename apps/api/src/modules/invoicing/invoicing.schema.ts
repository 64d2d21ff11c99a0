import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** Migration 0410: the PDF template each account chose; no row = 'clasico'. */
export const invoiceSettings = pgTable('invoice_settings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  pdfTemplate: varchar('pdf_template', { length: 20 }).notNull().default('clasico'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
