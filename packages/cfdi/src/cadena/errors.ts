/**
 * The document carries a complement (or concept complement) whose namespace SAT's
 * stylesheets have no rules for. xsltproc would silently skip it through XSLT's built-in
 * rules, so any cadena we produced would be a guess: callers must report "complemento no
 * soportado", never "sello inválido".
 */
export class UnsupportedComplementError extends Error {
  override readonly name = 'UnsupportedComplementError';

  constructor(readonly namespaces: string[]) {
    super(`Complemento no soportado: ${namespaces.join(', ')}`);
  }
}

/** The root element is not a CFDI 4.0, CFDI 3.3, Retenciones 2.0 or TFD 1.1 we can build a cadena for. */
export class UnsupportedDocumentError extends Error {
  override readonly name = 'UnsupportedDocumentError';

  constructor(
    readonly namespace: string,
    readonly version: string | undefined,
  ) {
    super(
      `Documento no soportado para la cadena original: espacio de nombres "${namespace || '(ninguno)'}", versión ${version ?? '(sin versión)'}`,
    );
  }
}
