import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';

/** The server's `FIELD: message` lines (spec §8), or undefined for the generic toast. */
export const errorLines = (e: unknown): string[] | undefined => (isApiError(e) ? formatApiErrorLines(e.body) : undefined);
