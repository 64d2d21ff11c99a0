import type { ApiErrorBody } from './api-error';

/**
 * §8 request-error text: with `errors`, one "UPPERCASED FIELD: first message" line per
 * field; otherwise `message`; otherwise nothing (the caller falls back to the default toast).
 * Lines are returned separately so the UI renders them as lines without injecting HTML.
 */
export function formatApiErrorLines(body: ApiErrorBody | null | undefined): string[] {
  if (!body) return [];
  const errors = body.errors;
  if (errors && typeof errors === 'object' && Object.keys(errors).length > 0) {
    const lines: string[] = [];
    for (const [field, msgs] of Object.entries(errors)) {
      const first = Array.isArray(msgs) ? msgs[0] : msgs;
      if (first) lines.push(`${field.toUpperCase()}: ${first}`);
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
