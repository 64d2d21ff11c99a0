import { integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ProductTax } from '@facturo/contract';
import { users } from '../../db/schema';

/** Table of migration 0100_clients_products.sql (written by hand; drizzle-kit is not run on it). */
export const products = pgTable('products', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  claveProducto: varchar('clave_producto', { length: 8 }).notNull(),
  claveUnidad: varchar('clave_unidad', { length: 3 }).notNull(),
  descripcionUnidad: varchar('descripcion_unidad', { length: 20 }),
  descripcionProducto: varchar('descripcion_producto', { length: 1000 }).notNull(),
  /** numeric(24,6): read back as a string, never a JS number. */
  valorUnitario: numeric('valor_unitario', { precision: 24, scale: 6 }).notNull(),
  objetoImp: varchar('objeto_imp', { length: 2 }).notNull(),
  impuestos: jsonb('impuestos').$type<{ traslados: ProductTax[]; retenciones: ProductTax[] }>().notNull(),
  cveCatastral: varchar('cve_catastral', { length: 150 }),
  /** Issue 29 (migration 0860): the account's own key, which a spreadsheet re-import matches on. */
  sku: varchar('sku', { length: 100 }),
  searchText: text('search_text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] })]);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
