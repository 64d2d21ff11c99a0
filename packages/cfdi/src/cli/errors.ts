/** A usage or input problem the CLI reports as one Spanish line with exit code 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

// Errors whose message is already a complete Spanish sentence for the user. Matched by name rather
// than instanceof so the CLI's start (and `cfdi --help`) does not load the modules defining them.
const USER_FACING = new Set([
  'CliError',
  'XmlInputError',
  'CredentialError',
  'SealError',
  'DocumentTypeError',
  'UnsupportedComplementError',
  'UnsupportedDocumentError',
]);

/** One line (no stack trace, no newlines) describing why a command could not run. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const text = USER_FACING.has(error.name) ? error.message : `Error inesperado: ${error.message}`;
    return text.replace(/\s*\n\s*/g, ' ').trim();
  }
  return `Error inesperado: ${String(error)}`;
}
