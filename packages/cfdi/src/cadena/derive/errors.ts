/**
 * The generator met an XSLT construct outside the subset it can translate faithfully.
 * Build-time only: it stops the generation instead of emitting a possibly wrong cadena.
 */
export class XsltNotUnderstoodError extends Error {
  override readonly name = 'XsltNotUnderstoodError';

  constructor(
    readonly file: string,
    readonly where: string,
    detail: string,
  ) {
    super(`${file}: ${where}: ${detail}`);
  }
}
