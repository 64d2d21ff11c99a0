/** Error body every API reply uses (ARCHITECTURE: `{ message, errors? }`). */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[] | string>;
}

/** A non-2xx reply (or a network failure, status 0) with its parsed body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** Type guard for ApiError. */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
