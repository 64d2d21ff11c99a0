import { CredentialError } from '../credentials/errors';
import { SealError } from '../seal/seal';
import { DocumentTypeError } from '../seal/document';
import { XmlInputError } from '../xml/errors';

/** A usage or input problem the CLI reports as one Spanish line with exit code 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

// Errors whose message is already a complete Spanish sentence for the user.
const USER_FACING = [CliError, XmlInputError, CredentialError, SealError, DocumentTypeError];

/** One line (no stack trace, no newlines) describing why a command could not run. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    // The cadena module's errors are matched by name so this file does not depend on its internals.
    const named = error.name === 'UnsupportedComplementError' || error.name === 'UnsupportedDocumentError';
    const known = named || USER_FACING.some((type) => error instanceof type);
    const text = known ? error.message : `Error inesperado: ${error.message}`;
    return text.replace(/\s*\n\s*/g, ' ').trim();
  }
  return `Error inesperado: ${String(error)}`;
}
