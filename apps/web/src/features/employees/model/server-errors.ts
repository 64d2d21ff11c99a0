import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';

/**
 * Puts an API error body (§8) on the form: a key the form knows ("curp", or "percepciones.0.importe"
 * under "percepciones") goes on that field; the rest comes back as "FIELD: message" lines for an alert.
 * null when the interceptor already told the user (429, network).
 */
export function placeServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string[] | null {
  if (!isApiError(err)) return [];
  if (err.status === 429 || err.status === 0) return null;
  const rest: Record<string, string[] | string> = {};
  let placed = false;
  for (const [key, msgs] of Object.entries(err.body.errors ?? {})) {
    const first = Array.isArray(msgs) ? msgs[0] : msgs;
    if (first && fields.includes(key)) {
      setError(key as Path<T>, { type: 'server', message: first });
      placed = true;
    } else rest[key] = msgs;
  }
  const lines = formatApiErrorLines({ errors: rest, message: placed ? undefined : err.body.message });
  return lines.length ? lines : placed ? null : [];
}
