import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';
import { formatApiErrorLines } from './format-api-error';

/**
 * Puts an API error body (§8) on a react-hook-form form: each `errors` key the form knows goes on its
 * field (nested keys such as "domicilio.cp" or "impuestos.traslados.0" under a listed field go to that
 * exact path; `alias` renames API keys to form paths); the rest comes back as lines for a form-level alert.
 * Returns null when everything landed on a field, or when the interceptor already told the user (429).
 * With `nested: false` only exact keys are placed (for lists edited in a modal, whose rows have no
 * inputs on the page to show an error: their messages go to the alert instead).
 */
export function setServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  { alias = {}, nested = true }: { alias?: Record<string, string>; nested?: boolean } = {},
): string[] | null {
  if (!isApiError(err)) return [];
  if (err.status === 429 || err.status === 0) return null;
  const rest: Record<string, string[] | string> = {};
  let placed = false;
  for (const [key, msgs] of Object.entries(err.body.errors ?? {})) {
    const first = Array.isArray(msgs) ? msgs[0] : msgs;
    const path = alias[key] ?? (fields.some((f) => key === f || (nested && key.startsWith(`${f}.`))) ? key : undefined);
    if (path && first) {
      setError(path as Path<T>, { type: 'server', message: first });
      placed = true;
    } else rest[key] = msgs;
  }
  const lines = formatApiErrorLines({ errors: rest, message: placed ? undefined : err.body.message });
  return lines.length ? lines : placed ? null : [];
}

/**
 * For forms that show one message (login, registration, profile): field messages on their fields,
 * anything else (e.g. 401 "contraseña incorrecta") joined into the message returned; `fallback`
 * when the body says nothing. null when everything landed on a field or the interceptor already
 * told the user (429).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string | null {
  if (!isApiError(err)) return fallback;
  if (err.status === 0) return err.body.message ?? fallback;
  const lines = setServerErrors(err, setError, fields, { nested: false });
  if (lines === null) return null;
  return lines.length ? lines.join('\n') : (err.body.message ?? fallback);
}
