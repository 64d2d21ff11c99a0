import { sql } from 'drizzle-orm';
import {
  bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** One account per RFC (the tenant). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  rfc: varchar('rfc', { length: 13 }).notNull(),
  email: varchar('email', { length: 190 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  fullName: varchar('full_name', { length: 254 }),
  persona: varchar('persona', { length: 6 }).notNull(),
  regimen: varchar('regimen', { length: 3 }),
  cp: varchar('cp', { length: 5 }),
  estado: varchar('estado', { length: 3 }),
  municipio: varchar('municipio', { length: 3 }),
  timeZone: varchar('time_zone', { length: 64 }),
  img: text('img'),
  isConfirmed: boolean('is_confirmed').notNull().default(false),
  profileCompleted: boolean('profile_completed').notNull().default(false),
  rolId: integer('rol_id').notNull().default(10),
  planId: integer('plan_id').notNull().default(1),
  contrStripe: boolean('contr_stripe').notNull().default(false),
  unpaid: boolean('unpaid').notNull().default(false),
  suspended: boolean('suspended').notNull().default(false),
  /** Bumped on logout / password reset: older tokens stop working. */
  tokenVersion: integer('token_version').notNull().default(0),
  /** Issue 26 §7, decision 291: members (not owners) must have two-factor sign-in to work in this account. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('users_rfc_uq').on(t.rfc), uniqueIndex('users_email_uq').on(t.email)]);

/** One-time 6-digit codes (account verification, password reset); only a hash is kept. */
export const verificationCodes = pgTable('verification_codes', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: varchar('purpose', { length: 16 }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('verification_codes_user_idx').on(t.userId, t.purpose)]);

/** The embedded mail transport: every message the app sends, readable at /api/dev/outbox. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: varchar('to', { length: 190 }).notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** Migration 0410: files sent with the message (content base64). */
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number; content: string }[]>().notNull().default([]),
  createdAt: createdAt(),
}, (t) => [index('outbox_to_idx').on(t.to, t.id)]);

export const plans = pgTable('plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  isFree: boolean('is_free').notNull(),
  rolId: integer('rol_id').notNull(),
  monthlyCost: text('monthly_cost').notNull(),
  yearlyCost: text('yearly_cost').notNull(),
  monthlyPriceId: text('monthly_price_id'),
  yearlyPriceId: text('yearly_price_id'),
});

/** Plan products (spec §6: app areas a plan unlocks) — not the tenant's product catalog. */
export const products = pgTable('plan_catalog_products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Main route plus the other routes the product covers (JSON array of paths). */
  route: text('route').notNull(),
  routes: jsonb('routes').$type<string[]>().notNull(),
});

export const features = pgTable('plan_catalog_features', {
  id: integer('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id),
  elementId: text('element_id').notNull(),
  name: text('name').notNull(),
});

export const planProducts = pgTable('plan_products', {
  planId: integer('plan_id').notNull().references(() => plans.id),
  productId: integer('product_id').notNull().references(() => products.id),
}, (t) => [primaryKey({ columns: [t.planId, t.productId] })]);

export const planFeatures = pgTable('plan_features', {
  planId: integer('plan_id').notNull().references(() => plans.id),
  featureId: integer('feature_id').notNull().references(() => features.id),
}, (t) => [primaryKey({ columns: [t.planId, t.featureId] })]);

export const notifications = pgTable('notifications', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  message: text('message').notNull(),
  link: text('link'),
  urgent: boolean('urgent').notNull().default(false),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('notifications_user_idx').on(t.userId, t.createdAt)]);

/** Spec §3 background process: one row per job, updated as progress arrives. */
export const backgroundProcesses = pgTable('background_processes', {
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rfc: varchar('rfc', { length: 13 }).notNull(),
  type: varchar('type', { length: 24 }).notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  month: integer('month'),
  year: integer('year'),
  warning: text('warning'),
  progress: integer('progress').notNull().default(0),
  finished: boolean('finished').notNull().default(false),
  code: integer('code'),
  data: jsonb('data'),
  lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('background_processes_user_idx').on(t.userId, t.createdAt)]);

/**
 * Fiscal credentials (CIEC, CSD, e.firma): secrets encrypted with AES-256-GCM under APP_SECRET,
 * public facts (serial, validity) in clear for the screens.
 */
export const fiscalCredentials = pgTable('fiscal_credentials', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 8 }).notNull(),
  status: varchar('status', { length: 12 }).notNull(),
  statusMessage: text('status_message'),
  secret: text('secret').notNull(),
  certificateNumber: varchar('certificate_number', { length: 20 }),
  certificateRfc: varchar('certificate_rfc', { length: 13 }),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  jobId: uuid('job_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('fiscal_credentials_user_idx').on(t.userId, t.kind)]);

// ---------------------------------------------------------------------------------------------------------------
// Issue 29 (branch i29): recurring invoices (migration 0861).
// ---------------------------------------------------------------------------------------------------------------
export const recurringInvoices = pgTable('recurring_invoices', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  sourceUuid: varchar('source_uuid', { length: 36 }).notNull(),
  clientName: varchar('client_name', { length: 300 }).notNull(),
  total: numeric('total', { precision: 24, scale: 6 }).notNull(),
  /** The stamping request (InvoiceValues) each run sends. */
  body: jsonb('body').notNull(),
  frequency: varchar('frequency', { length: 8 }).$type<'mes' | 'semana' | 'dias'>().notNull(),
  every: integer('every').notNull().default(1),
  /** Day of the month monthly runs fall on (31 → the month's last day). */
  anchorDay: integer('anchor_day').notNull(),
  nextRun: date('next_run', { mode: 'string' }).notNull(),
  retryOn: date('retry_on', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  maxRuns: integer('max_runs'),
  runs: integer('runs').notNull().default(0),
  status: varchar('status', { length: 10 }).$type<'activa' | 'pausada' | 'terminada'>().notNull().default('activa'),
  periodInDescription: boolean('period_in_description').notNull().default(false),
  sendEmail: boolean('send_email').notNull().default(true),
  lastError: text('last_error'),
  lastUuid: varchar('last_uuid', { length: 36 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('recurring_invoices_user_idx').on(t.userId, t.createdAt)]);

// Issue 29 (branch i29): invoices from a spreadsheet (migration 0862).
export const invoiceBatches = pgTable('invoice_batches', {
  id: uuid('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  processId: uuid('process_id').notNull(),
  sendEmail: boolean('send_email').notNull().default(false),
  /** [{grupo, body, estado, uuid, total, mensaje}] in the sheet's order. */
  groups: jsonb('groups').$type<InvoiceBatchGroup[]>().notNull(),
  finished: boolean('finished').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('invoice_batches_user_idx').on(t.userId, t.createdAt)]);
export interface InvoiceBatchGroup {
  grupo: string;
  body: unknown;
  estado: 'pendiente' | 'timbrada' | 'error';
  uuid: string | null;
  total: string | null;
  mensaje: string | null;
}
// ---------------------------------------------------------------------------------------------------------
// Issue 26 (decision 290): the accountant's workspace — people, memberships, invitations, activity log.
// Migration 0800. `users` stays the account (one RFC); a person logs in and works in the accounts it belongs to.
// ---------------------------------------------------------------------------------------------------------

/** A person who signs in. The migrated owner shares its account's login (login_account_id; kept in step by triggers). */
export const persons = pgTable('persons', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 190 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  fullName: varchar('full_name', { length: 254 }),
  loginAccountId: integer('login_account_id').references(() => users.id, { onDelete: 'set null' }),
  lastAccountId: integer('last_account_id').references(() => users.id, { onDelete: 'set null' }),
  tokenVersion: integer('token_version').notNull().default(0),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  recoveryCodes: jsonb('recovery_codes').$type<string[]>(),
  /** The last accepted TOTP time-step: a code is refused once used (decision 291). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** The language of the e-mails sent to the person (decision 315): 'es' or 'en'. */
  idioma: varchar('idioma', { length: 2 }).$type<'es' | 'en'>().notNull().default('es'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('persons_email_uq').on(t.email), uniqueIndex('persons_login_account_uq').on(t.loginAccountId)]);

/** A person's role in one account (user_id = the account). */
export const memberships = pgTable('memberships', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
  rol: varchar('rol', { length: 12 }).$type<'duenio' | 'contador' | 'capturista' | 'lectura'>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), uniqueIndex('memberships_account_person_uq').on(t.userId, t.personId), index('memberships_person_idx').on(t.personId)]);

/** An invitation by e-mail to one account with a role: single use, 7 days, only the token's hash kept. */
export const invitations = pgTable('invitations', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  email: varchar('email', { length: 190 }).notNull(),
  rol: varchar('rol', { length: 12 }).$type<'duenio' | 'contador' | 'capturista' | 'lectura'>().notNull(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  invitedBy: integer('invited_by').references(() => persons.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  acceptedBy: integer('accepted_by').references(() => persons.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), uniqueIndex('invitations_token_uq').on(t.userId, t.tokenHash)]);

/** Append-only activity log of an account (a trigger refuses UPDATE and DELETE). */
export const activityLog = pgTable('activity_log', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  personId: integer('person_id'),
  quien: varchar('quien', { length: 190 }).notNull(),
  accion: varchar('accion', { length: 40 }).notNull(),
  ip: varchar('ip', { length: 64 }),
  detalle: text('detalle'),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('activity_log_account_idx').on(t.userId, t.createdAt)]);

// ---------------------------------------------------------------------------------------------------------
// Issue 29 §4 (branch j29, decision 307): API keys (migration 0863). Only the key's SHA-256 is stored.
// ---------------------------------------------------------------------------------------------------------
export const apiKeys = pgTable('api_keys', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  nombre: varchar('nombre', { length: 80 }).notNull(),
  modo: varchar('modo', { length: 4 }).$type<'test' | 'live'>().notNull(),
  keyHash: varchar('key_hash', { length: 64 }).notNull(),
  last4: varchar('last4', { length: 4 }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_user_idx').on(t.userId, t.createdAt)]);

// Issue 29 §5 (branch j29, decision 308): webhook endpoints and deliveries (migration 0864).
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  url: varchar('url', { length: 500 }).notNull(),
  eventos: jsonb('eventos').$type<string[]>().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('webhook_endpoints_user_idx').on(t.userId)]);
export interface WebhookAttempt { fecha: string; status: number | null; respuesta: string | null }
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: serial('id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  endpointId: integer('endpoint_id').notNull(),
  eventId: uuid('event_id').notNull(),
  evento: varchar('evento', { length: 40 }).notNull(),
  payload: jsonb('payload').notNull(),
  estado: varchar('estado', { length: 10 }).$type<'pendiente' | 'entregada' | 'fallida'>().notNull().default('pendiente'),
  attempts: jsonb('attempts').$type<WebhookAttempt[]>().notNull().default([]),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.id, t.userId] }), index('webhook_deliveries_user_idx').on(t.userId, t.createdAt), index('webhook_deliveries_due_idx').on(t.estado, t.nextAttemptAt)]);
