import {
  routePath, type RouteBodyIn, type RouteDef, type RouteParamsIn, type RouteQueryIn, type RouteResult,
} from '@facturo/contract';
import { apiRequest, type ApiRequestOptions } from './api-client';

type Present<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call of entry R takes: its params, query and body as the contract types them. */
export type CallOptions<R extends RouteDef> = Present<'params', RouteParamsIn<R>> &
  { query?: RouteQueryIn<R> extends undefined ? undefined : Partial<NonNullable<RouteQueryIn<R>>> } &
  Present<'body', R['consumes'] extends 'multipart' ? FormData : RouteBodyIn<R>> &
  Pick<ApiRequestOptions, 'signal' | 'passThrough' | 'token'>;

type QueryValue = string | number | boolean | undefined | null;

/** Flattens `{query: {key, value}}` into `query[key]=…` as the legacy list endpoints read it (spec §7.5). */
function flattenQuery(query: object | undefined): Record<string, QueryValue> | undefined {
  if (!query) return undefined;
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [ik, iv] of Object.entries(v as Record<string, QueryValue>)) out[`${k}[${ik}]`] = iv;
    } else out[k] = v as QueryValue;
  }
  return out;
}

/** The concrete URL of an entry (for links, downloads and viewers). */
export function routeUrl<R extends RouteDef>(entry: R, params?: RouteParamsIn<R>, query?: Record<string, QueryValue>): string {
  const path = routePath(entry.path, params as Record<string, unknown> | undefined);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A form-encoded body: absent (undefined or null) fields are left out rather than sent as the text "undefined". */
export function formBody(fields: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) form.append(key, String(value));
  return form;
}

/**
 * Calls one route-table entry: the path is built from the entry and its params, the answer is typed by
 * the entry's response schema (a Blob for file answers). The only way features reach the API.
 */
export function call<R extends RouteDef>(entry: R, options: CallOptions<R>): Promise<RouteResult<R>> {
  const o = options as { params?: Record<string, unknown>; query?: object; body?: unknown } & Pick<ApiRequestOptions, 'signal' | 'passThrough' | 'token'>;
  const path = routePath(entry.path, o.params);
  const form = entry.consumes === 'multipart' ? (o.body as FormData) : entry.consumes === 'form' ? formBody(o.body as Record<string, unknown>) : undefined;
  return apiRequest<RouteResult<R>>(path, {
    method: entry.method,
    query: flattenQuery(o.query),
    ...(form ? { rawBody: form } : o.body !== undefined ? { body: o.body } : entry.method === 'GET' || entry.method === 'DELETE' ? {} : { body: {} }),
    responseType: entry.response ? 'json' : 'blob',
    signal: o.signal,
    passThrough: o.passThrough,
    token: o.token,
  });
}
