import type { z } from 'zod';
import type { MemberRole } from './workspace';

/** Every API path starts here (the web app is served from the other paths). */
export const API_PREFIX = '/api/';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route (spec §6, §8). The API's request hooks read it; nothing in a handler repeats it.
 * A route is private (token, confirmed account, complete profile, paid subscription) unless it says otherwise.
 */
export interface RouteAccess {
  /** No token needed (login, registration, health, registration catalogs). */
  public?: boolean;
  /** Reachable while the subscription is unpaid (plans, payments, logout, session). */
  allowUnpaid?: boolean;
  /** Reachable before the account is confirmed and its profile completed. */
  allowIncomplete?: boolean;
  /** Plan product id the route belongs to (spec §6); refused with 403 when the plan lacks it. */
  product?: number;
  /** Plan feature id (spec §6 element ids); refused with 403 when the plan lacks it. */
  feature?: number;
  /**
   * Plan feature ids of the route's query modes (spec §6): when the query turns `key` on (true or 1), the
   * plan needs that feature too (`{ csv: 31 }`: the list is free, its CSV export is not).
   */
  modes?: Readonly<Record<string, number>>;
  /** Plan feature ids of query filters: any non-empty value of `key` needs the feature (`{ deductible: 8 }`). */
  filters?: Readonly<Record<string, number>>;
  /** Only the administrator (role 1) may call it: publishing for every account (news, announcements). */
  admin?: boolean;
  /** The body's `rfc` names a third party (a customer, an employee), not the tenant. */
  bodyRfcIsThirdParty?: boolean;
  /**
   * Issue 26: the least member role that may call it. Absent: derived (workspace.ts `requiredRole`): GET →
   * lectura, writes → capturista, with path rules for cancellation, declarations, credentials and billing.
   */
  role?: MemberRole;
  /** Issue 26: acts on the signed-in person, not on the selected account (no membership check of a role). */
  person?: boolean;
}

/** One endpoint: its exact path (spec §7, `:param` style), its shapes and its access. */
export interface RouteDef {
  method: HttpMethod;
  path: `/api/${string}`;
  summary?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body (or the parsed form for `consumes: 'form'`). */
  body?: z.ZodType;
  /** Non-JSON request bodies: multipart uploads or `application/x-www-form-urlencoded` forms. */
  consumes?: 'multipart' | 'form';
  /** Success status (default 200). */
  status?: number;
  /** JSON response; absent when the route answers a file (`produces`). */
  response?: z.ZodType;
  /** Content type of a file answer (PDF, XML, CSV, image). */
  produces?: string;
  access: RouteAccess;
}

/** Declares a route entry with its literal types kept (paths, methods and schemas). */
export const route = <const R extends RouteDef>(r: R): R => r;

type In<T> = T extends z.ZodType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a caller sends: path params, query and body as the schemas accept them. */
export type RouteParamsIn<R extends RouteDef> = In<R['params']>;
export type RouteQueryIn<R extends RouteDef> = In<R['query']>;
export type RouteBodyIn<R extends RouteDef> = In<R['body']>;
/** What a handler receives after parsing. */
export type RouteParams<R extends RouteDef> = Out<R['params']>;
export type RouteQuery<R extends RouteDef> = Out<R['query']>;
export type RouteBody<R extends RouteDef> = Out<R['body']>;
/** What the handler returns (before serialization) and what the client receives (after). */
export type RouteResultIn<R extends RouteDef> = R['response'] extends z.ZodType ? z.input<R['response']> : unknown;
export type RouteResult<R extends RouteDef> = R['response'] extends z.ZodType ? z.output<R['response']> : Blob;

/** `/api/clients/:id` + `{id: 7}` → `/api/clients/7` (values URI-encoded). */
export function routePath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '') throw new Error(`Falta el parámetro ${key} de ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A route's path as a RegExp, to tell whether a concrete URL belongs to it. */
export function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}
