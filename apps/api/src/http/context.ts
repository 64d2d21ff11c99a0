import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  API_KEY_ROUTES, INT4_MAX, messages, normalizeRfc, requiredRole, roleAllows, roleForbiddenMessage, routes, type MemberRole, type RouteDef,
} from '@facturo/contract';
import type { Db } from '../db/client';
import { memberships, persons, users } from '../db/schema';
import { AppError, forbidden, unauthorized } from './errors';
import { planAllowsProduct, planHasFeature } from '../modules/plans/plans.repository';
import { registerActivityHook } from '../modules/workspace/activity';
import { heldByPolicy, twoFactorRequired } from '../modules/workspace/two-factor';
import { accountByApiKey } from '../modules/api-keys/api-keys.service';
import { bearerApiKey, isWellFormedApiKey } from '../modules/api-keys/api-key-secret';

/** Role id of the administrator (spec §2.5: admin vs client roles; plans are roles 10/11). */
export const ADMIN_ROLE = 1;

/** The authenticated tenant, loaded once per request from the token's subject. */
export interface Account {
  id: number;
  rfc: string;
  email: string;
  rolId: number;
  planId: number;
  regimen: string | null;
  persona: string;
  isConfirmed: boolean;
  profileCompleted: boolean;
  /**
   * Issue 26: the caller's role in this account. A token without `pid` (the account's own login, as before
   * the workspace) is its owner's; an account built outside a request (a job) leaves it out: the owner.
   */
  role?: MemberRole;
  /** The person of a person-scoped token (`pid`); absent for the account's own login token. */
  tokenPerson?: { pid: number; tv: number };
  /** Issue 29 §4: the request came with an API key (acts as Contador on the public entries only). */
  apiKey?: { id: number; modo: 'test' | 'live' };
}

export interface TokenPayload {
  sub: number;
  rfc: string;
  /** The account's token version, or the person's when `pid` is present. */
  tv: number;
  /** Issue 26: the person signed in (a member of account `sub`); absent on the account's own login token. */
  pid?: number;
}

/**
 * A validly signed token is still refused unless its claims have the shape this app issues: a
 * positive int4 subject (a user id), an RFC, a token version, and an expiry (issue 17 §7: a token
 * without `exp` would never end; a `sub` of "1e30" or -1 used to reach the database as a 500).
 */
export function isWellFormedPayload(p: unknown): p is TokenPayload & { exp: number } {
  const v = p as Record<string, unknown> | null;
  return Boolean(v) && typeof v === 'object'
    && Number.isInteger(v!.sub) && (v!.sub as number) > 0 && (v!.sub as number) <= INT4_MAX
    && typeof v!.rfc === 'string' && Number.isInteger(v!.tv) && Number.isInteger(v!.exp)
    && (v!.pid === undefined || (Number.isInteger(v!.pid) && (v!.pid as number) > 0 && (v!.pid as number) <= INT4_MAX));
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account;
  }
  interface FastifyContextConfig {
    /** No token needed (login, registration, health, catalogs for registration). */
    public?: boolean;
    /** Reachable while the subscription is unpaid (plans, payments, logout, session). */
    allowUnpaid?: boolean;
    /** Reachable before the account is confirmed and its profile completed. */
    allowIncomplete?: boolean;
    /** Plan product id the route belongs to (spec §6); refused with 403 when the plan lacks it. */
    product?: number;
    /** Plan feature id (spec §6 element ids); refused with 403 when the plan lacks it. */
    feature?: number;
    /** Plan feature ids of query modes: `{ csv: 31 }` needs feature 31 when the query has csv on. */
    modes?: Readonly<Record<string, number>>;
    /** Plan feature ids of query filters: any non-empty value of the key needs the feature. */
    filters?: Readonly<Record<string, number>>;
    /** Only the administrator (role 1). */
    admin?: boolean;
    /** The body's `rfc` names a third party (a customer, an employee), not the tenant. */
    bodyRfcIsThirdParty?: boolean;
    /** Issue 26: the least member role (route table; derived when the entry does not say). */
    role?: MemberRole;
    /** Issue 26: the route acts on the signed-in person. */
    person?: boolean;
    /** The route-table entry the route was served from (http/serve.ts). */
    routeName?: string;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

/**
 * Every route is private unless `config.public`. onRequest: token → account (401), suspended (451),
 * unpaid (402), incomplete profile (403), plan product (403 locked). preValidation: a path, query or body
 * RFC that is not the token's is a 403 — tenant isolation does not depend on each module remembering.
 */
export function registerRequestContext(app: FastifyInstance, db: Db): void {
  // Every authenticated request reads its account: built once (drizzle spends about a quarter of a millisecond
  // assembling this 50-column SELECT, as much as PGlite takes to run it; decision 326).
  const accountById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('request_account');
  // Issue 26 §6: the activity log line of a successful stamp, cancellation, filing, credential or purchase.
  registerActivityHook(app, db);
  app.decorateRequest('account', null as unknown as Account);

  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config ?? {};
    // The OpenAPI document and its UI are public, like the contract they describe; so is the
    // built web app (static files registered as routes outside /api).
    const url = req.routeOptions.url;
    if (!url || config.public || url.startsWith('/api/docs') || !url.startsWith('/api/')) return;
    const key = bearerApiKey(req.headers.authorization);
    let user: typeof users.$inferSelect;
    let role: MemberRole;
    let payload: TokenPayload | undefined;
    let viaKey: Account['apiKey'];
    if (key) {
      // Issue 29 §4 (decision 307): a key is never a session and a session token is never a key — the
      // `fk_` prefix sends each to its own check. A key acts as the Contador on the public entries only.
      const found = isWellFormedApiKey(key) ? await accountByApiKey(db, key) : null;
      if (!found) throw unauthorized('La llave de API no es válida o fue revocada');
      if (!config.routeName || !API_KEY_ROUTES.has(config.routeName)) throw forbidden('Esta ruta no está disponible con una llave de API');
      // A test key stamps too: the invoicing providers send its documents to the sandbox PAC (decision 307).
      user = found.user;
      role = 'contador';
      viaKey = { id: found.keyId, modo: found.modo };
    } else {
      ({ user, role, payload } = await userOfToken(req));
    }
    if (user.suspended) throw new AppError(451, messages.suspended);
    if (user.unpaid && !config.allowUnpaid) throw new AppError(402, messages.paymentRequired);
    if (!config.allowIncomplete && (!user.isConfirmed || !user.profileCompleted)) {
      throw forbidden('Completa la verificación y la información de tu cuenta para continuar');
    }
    if (config.admin && user.rolId !== ADMIN_ROLE) throw forbidden('Solo un administrador puede hacer esto');
    const needed = neededRole(config.routeName);
    if (needed && !roleAllows(role, needed)) throw forbidden(roleForbiddenMessage(role, needed));
    if (config.product !== undefined && user.rolId !== ADMIN_ROLE && !(await planAllowsProduct(db, user.planId, config.product))) {
      throw forbidden(messages.locked);
    }
    if (config.feature !== undefined && user.rolId !== ADMIN_ROLE && !(await planHasFeature(db, user.planId, config.feature))) {
      throw forbidden(messages.locked);
    }
    if ((config.modes || config.filters) && user.rolId !== ADMIN_ROLE) {
      const query = (req.query ?? {}) as Record<string, unknown>;
      const needed = [
        ...Object.entries(config.modes ?? {}).filter(([key]) => isOn(query[key])),
        ...Object.entries(config.filters ?? {}).filter(([key]) => query[key] !== undefined && query[key] !== ''),
      ];
      for (const [, feature] of needed) if (!(await planHasFeature(db, user.planId, feature))) throw forbidden(messages.locked);
    }
    req.account = {
      id: user.id, rfc: user.rfc, email: user.email, rolId: user.rolId, planId: user.planId,
      regimen: user.regimen, persona: user.persona, isConfirmed: user.isConfirmed, profileCompleted: user.profileCompleted,
      role, ...(payload?.pid !== undefined ? { tokenPerson: { pid: payload.pid, tv: payload.tv } } : {}),
      ...(viaKey ? { apiKey: viaKey } : {}),
    };
  });

  /** The account (and the member's role) of a session token: 401 unless it is well formed and current. */
  async function userOfToken(req: FastifyRequest): Promise<{ user: typeof users.$inferSelect; role: MemberRole; payload: TokenPayload }> {
    let payload: TokenPayload;
    try {
      payload = await req.jwtVerify<TokenPayload>();
    } catch {
      throw unauthorized('Tu sesión expiró o no es válida. Inicia sesión de nuevo.');
    }
    if (!isWellFormedPayload(payload)) throw unauthorized('Tu sesión expiró o no es válida. Inicia sesión de nuevo.');
    const [user] = await accountById.execute({ id: payload.sub });
    if (!user || user.rfc !== payload.rfc || (payload.pid === undefined && user.tokenVersion !== payload.tv)) {
      throw unauthorized('Tu sesión expiró o no es válida. Inicia sesión de nuevo.');
    }
    let role: MemberRole = 'duenio';
    if (payload.pid !== undefined) {
      // The membership is read on every request: a member removed or re-roled is refused on the next one.
      const [person] = await db.select({ tv: persons.tokenVersion, rol: memberships.rol, totp: persons.totpEnabled }).from(persons)
        .leftJoin(memberships, and(eq(memberships.personId, persons.id), eq(memberships.userId, user.id)))
        .where(eq(persons.id, payload.pid)).limit(1);
      if (!person || person.tv !== payload.tv) throw unauthorized('Tu sesión expiró o no es válida. Inicia sesión de nuevo.');
      if (!person.rol) throw forbidden('Ya no eres miembro de esta cuenta');
      role = person.rol;
      // Decision 291: an account that requires two-factor lets a member without it reach only the person's own
      // routes (enrolment among them) and the session ones, answering the rest 403 with where to enrol.
      const config = req.routeOptions.config ?? {};
      if (heldByPolicy(user.requireTwoFactor, role, person.totp) && !config.person && !config.routeName?.startsWith('auth.')) {
        throw twoFactorRequired();
      }
    }
    return { user, role, payload };
  }

  // preValidation sees the body before the zod schemas strip unknown keys.
  app.addHook('preValidation', async (req) => {
    if (!req.account) return;
    assertOwnRfc(req, req.params);
    assertOwnRfc(req, req.query);
    if (!req.routeOptions.config?.bodyRfcIsThirdParty) assertOwnRfc(req, req.body);
  });
}

const roleByRoute = new Map<string, MemberRole>();
/** The role a served route needs (issue 26), computed once per entry from the route table. */
function neededRole(name: string | undefined): MemberRole | undefined {
  if (!name) return undefined;
  let role = roleByRoute.get(name);
  if (!role) {
    const def = (routes as Record<string, RouteDef>)[name];
    if (!def) return undefined;
    role = requiredRole(name, def);
    roleByRoute.set(name, role);
  }
  return role;
}

/** A query flag as the list schemas read it (`flag` in the contract): true, 'true' or '1'. */
function isOn(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}

function assertOwnRfc(req: FastifyRequest, source: unknown): void {
  if (!source || typeof source !== 'object') return;
  for (const key of ['rfc', 'rfcEmisor', 'rfc_emisor']) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === 'string' && value && normalizeRfc(value) !== req.account.rfc) {
      throw forbidden('No puedes acceder a datos de otro RFC');
    }
  }
}
