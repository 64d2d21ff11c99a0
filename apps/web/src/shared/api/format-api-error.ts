import type { ApiErrorBody } from './api-error';

/**
 * §8 request-error text: with `errors`, one line per field with its first message; otherwise
 * `message`; otherwise nothing (the caller falls back to the default toast). The "FIELD:" prefix of
 * §8 is left out (issue 18, decision 136): field keys are internal codes ("CODE", "FILE",
 * "PERCEPCIONES.0.IMPORTE") and every API message already names its field in Spanish.
 * Lines are returned separately so the UI renders them as lines without injecting HTML.
 */
export function formatApiErrorLines(body: ApiErrorBody | null | undefined): string[] {
  if (!body) return [];
  const errors = body.errors;
  if (errors && typeof errors === 'object' && Object.keys(errors).length > 0) {
    const lines: string[] = [];
    for (const msgs of Object.values(errors)) {
      const first = Array.isArray(msgs) ? msgs[0] : msgs;
      if (first && !lines.includes(first)) lines.push(first);
    }
    if (lines.length) return lines;
  }
  return body.message ? [body.message] : [];
}

/** First message for one field of an error body (to show on a form field). */
export function fieldError(body: ApiErrorBody | null | undefined, field: string): string | undefined {
  const v = body?.errors?.[field];
  return Array.isArray(v) ? v[0] : v || undefined;
}
