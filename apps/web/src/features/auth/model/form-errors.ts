import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';

/**
 * Puts a passed-through error body (§8) on the form: field messages on their fields,
 * anything else (e.g. 401 "contraseña incorrecta") as the form-level message returned.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string | null {
  if (!isApiError(err)) return fallback;
  // 429 and redirect statuses are already handled by the interceptor toast.
  if (err.status === 429) return null;
  const errors = err.body.errors ?? {};
  const rest: Record<string, string[] | string> = {};
  let placed = false;
  for (const [field, msgs] of Object.entries(errors)) {
    const first = Array.isArray(msgs) ? msgs[0] : msgs;
    if ((fields as readonly string[]).includes(field) && first) {
      setError(field as Path<T>, { type: 'server', message: first });
      placed = true;
    } else rest[field] = msgs;
  }
  const lines = formatApiErrorLines({ errors: rest, message: placed ? undefined : err.body.message });
  if (lines.length) return lines.join('\n');
  return placed ? null : (err.body.message ?? fallback);
}
