import { z } from 'zod';
import { idParam } from './input-rules';

/**
 * Issue 29 §4 (decision 307): API keys. A key is `fk_test_…` or `fk_live_…` followed by 43 base64url
 * characters (32 random bytes); only its SHA-256 is stored. The prefix tells a key from a session token at a
 * glance (a JWT never starts with `fk_`), so the request hook can route each to its own check.
 */
export const API_KEY_MODES = ['test', 'live'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];
export const API_KEY_PATTERN = /^fk_(test|live)_[A-Za-z0-9_-]{43}$/;

export const apiKeyCreateSchema = z.object({
  nombre: z.string({ error: 'El nombre de la llave es obligatorio' }).trim()
    .min(1, { error: 'El nombre de la llave es obligatorio' }).max(80, { error: 'El nombre de la llave admite hasta 80 caracteres' }),
  modo: z.enum(API_KEY_MODES, { error: 'El modo debe ser test o live' }),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** The only answer that carries the key itself. */
export const apiKeyCreatedSchema = z.object({ id: z.number().int(), key: z.string(), nombre: z.string(), modo: z.enum(API_KEY_MODES) });

export const apiKeySchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  modo: z.enum(API_KEY_MODES),
  /** `fk_live_…` + the key's last 4 characters: enough to tell keys apart, useless to an attacker. */
  vista: z.string(),
  creada: z.string(),
  ultimoUso: z.string().nullable(),
  revocada: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ llaves: z.array(apiKeySchema) });
// idParam: an id no row can have is a 404 like any missing one (hostile-input suite).
export const apiKeyIdParamsSchema = z.object({ id: idParam('La llave de API no existe') });

/**
 * The public API (issue 29 §4): the route-table entries an API key reaches. Everything else (sessions,
 * members, plan, cards, credentials, the keys themselves) answers 403 to a key. A key acts with the Contador
 * role (decision 290), so cancellation is in and owner-only entries would be refused anyway.
 */
export const API_KEY_ROUTES: ReadonlySet<string> = new Set([
  'clients.list', 'clients.create', 'clients.edit', 'clients.update', 'clients.patchV4', 'clients.delete',
  'products.list', 'products.create', 'products.update', 'products.delete',
  'invoicing.stamp40', 'invoicing.preview40', 'invoicing.xml', 'invoicing.pdf', 'invoicing.sendEmail',
  'invoicing.cancelOptions', 'invoicing.cancel', 'invoicing.cancelAcuse', 'invoicing.catalogs', 'invoicing.nextFolio',
  'incomes.list', 'incomes.stats', 'incomes.related',
  'portal.ticketCreate', 'portal.tickets',
  'paymentReception.mothers', 'paymentReception.payments', 'paymentReception.catalogs', 'paymentReception.applyPay', 'paymentReception.applyMultiple',
]);

/** Entries that stamp or cancel with the PAC: with a test key they go to the sandbox PAC and spend no stamp (decision 307). */
export const API_KEY_PAC_ROUTES: ReadonlySet<string> = new Set([
  'invoicing.stamp40', 'invoicing.cancel', 'paymentReception.applyPay', 'paymentReception.applyMultiple',
]);
