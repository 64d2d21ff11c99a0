import { API_PREFIX } from '@facturo/contract';
import { getToken } from '../session/session-store';
import { ApiError, type ApiErrorBody } from './api-error';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A body sent as is (multipart FormData, a form-encoded URLSearchParams) instead of JSON. */
  rawBody?: FormData | URLSearchParams;
  /** `blob` for file answers (PDF, XML, CSV); JSON otherwise. */
  responseType?: 'json' | 'blob';
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** A token other than the stored one (the one a password change just issued). */
  token?: string;
  /**
   * §8 pass-through: the error body goes to the caller (login, register, verify,
   * complete-account) instead of the default error toast. Status redirects still apply.
   */
  passThrough?: boolean;
}

/** Hooks the app installs (error interceptor of §8); shared code stays free of routing and UI. */
export interface ApiInterceptors {
  onSuccess?: (path: string) => void;
  onError?: (error: ApiError, path: string, options: ApiRequestOptions) => void;
}

let interceptors: ApiInterceptors = {};

/** Installs the global interceptors (called once by the app providers). */
export function setApiInterceptors(next: ApiInterceptors): void {
  interceptors = next;
}

function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  const base = path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path.replace(/^\/+/, '')}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * Calls the API under /api with the Bearer token from local storage (§7) and JSON bodies.
 * Resolves with the parsed body; rejects with ApiError after running the interceptors.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    const err = new ApiError(0, {});
    interceptors.onError?.(err, path, options);
    throw err;
  }
  if (res.ok && options.responseType === 'blob') {
    interceptors.onSuccess?.(path);
    return (await res.blob()) as T;
  }
  const body = await parseBody(res);
  if (!res.ok) {
    const err = new ApiError(res.status, (body && typeof body === 'object' ? body : {}) as ApiErrorBody);
    interceptors.onError?.(err, path, options);
    throw err;
  }
  interceptors.onSuccess?.(path);
  return body as T;
}

/** GET helper. */
export const apiGet = <T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'GET' });

/** POST helper. */
export const apiPost = <T>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} });
