import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';
import { formatApiErrorLines } from './format-api-error';

/**
 * Puts an API error body (§8) on a react-hook-form form: each `errors` key the form knows goes on its
 * field (nested keys such as "domicilio.cp" or "impuestos.traslados.0" under a listed field go to that
 * exact path; `alias` renames API keys to form paths); the rest comes back as lines for a form-level alert.
 * Returns null when everything landed on a field, or when the interceptor already told the user (429).
 */
export function setServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  alias: Record<string, string> = {},
): string[] | null {
  if (!isApiError(err)) return [];
  if (err.status === 429 || err.status === 0) return null;
  const rest: Record<string, string[] | string> = {};
  let placed = false;
  for (const [key, msgs] of Object.entries(err.body.errors ?? {})) {
    const first = Array.isArray(msgs) ? msgs[0] : msgs;
    const path = alias[key] ?? (fields.some((f) => key === f || key.startsWith(`${f}.`)) ? key : undefined);
    if (path && first) {
      setError(path as Path<T>, { type: 'server', message: first });
      placed = true;
    } else rest[key] = msgs;
  }
  const lines = formatApiErrorLines({ errors: rest, message: placed ? undefined : err.body.message });
  return lines.length ? lines : placed ? null : [];
}
