/** Which uploaded item an error is about, so forms can show it beside the right field. */
export type CredentialField = 'cer' | 'key' | 'password';

export type CredentialErrorCode =
  | 'cer-invalid'
  | 'cer-not-sat'
  | 'cer-not-sat-issuer'
  | 'cer-test-issuer'
  | 'key-invalid'
  | 'password-required'
  | 'password-incorrect'
  | 'key-mismatch'
  | 'cert-expired'
  | 'cert-not-yet-valid'
  | 'cert-not-csd'
  | 'cert-not-fiel';

/** A problem with a certificate, private key or password. `message` is Spanish and user-facing. */
export class CredentialError extends Error {
  readonly code: CredentialErrorCode;
  readonly field: CredentialField;

  constructor(code: CredentialErrorCode, field: CredentialField, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CredentialError';
    this.code = code;
    this.field = field;
  }
}
