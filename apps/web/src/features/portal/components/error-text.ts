import { isApiError } from '../../../shared/api/api-error';

/** The Spanish reason of a failed call: the first field message, else the body's message. */
export function errorText(err: unknown, fallback: string): string {
  if (!isApiError(err)) return fallback;
  const first = Object.values(err.body.errors ?? {})[0];
  const field = Array.isArray(first) ? first[0] : first;
  return field ?? err.body.message ?? fallback;
}
