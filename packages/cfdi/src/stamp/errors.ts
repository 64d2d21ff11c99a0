/** One problem the PAC (or SAT through it) reported. */
export interface PacIssue {
  /** SAT or PAC code: CFDI40102, 301, 401, 205 ... */
  code: string;
  /** Spanish message a user may read. */
  message: string;
}

/** Why a request failed: the PAC refused the document, the request was invalid, or the PAC was unreachable. */
export type PacErrorKind = 'rejected' | 'invalid-request' | 'not-found' | 'unavailable' | 'conflict';

/**
 * A typed PAC failure. `issues` keeps every code the PAC returned so the UI can show them all;
 * `message` is the first one, ready for a toast.
 */
export class PacError extends Error {
  readonly kind: PacErrorKind;
  readonly issues: PacIssue[];

  constructor(kind: PacErrorKind, issues: PacIssue[]) {
    super(issues.map((i) => `${i.code}: ${i.message}`).join('; ') || 'Error del PAC');
    this.name = 'PacError';
    this.kind = kind;
    this.issues = issues;
  }

  /** Codes only, handy in tests and logs. */
  get codes(): string[] {
    return this.issues.map((i) => i.code);
  }
}

/** Shorthand for a single-issue error. */
export const pacError = (kind: PacErrorKind, code: string, message: string): PacError =>
  new PacError(kind, [{ code, message }]);
