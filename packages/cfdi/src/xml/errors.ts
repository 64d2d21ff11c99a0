/** Why an XML input was refused. */
export type XmlInputErrorCode = 'not-well-formed' | 'doctype' | 'too-large' | 'too-deep' | 'encoding' | 'empty';

/**
 * An XML document we refuse to process. The message is a one-line Spanish sentence
 * meant for the user; `code` is meant for programs.
 */
export class XmlInputError extends Error {
  override readonly name = 'XmlInputError';

  constructor(
    readonly code: XmlInputErrorCode,
    message: string,
  ) {
    super(message);
  }
}
