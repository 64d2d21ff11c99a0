import { cadenaOriginal, cadenaTfd } from '../../cadena';
import { documentLayout, findTfd } from '../../seal/document';
import { runFiles } from '../batch';
import type { CommandContext } from '../command';
import { readXmlDocument } from '../document-input';
import { CliError } from '../errors';

/** `cfdi cadena`: loaded only when the command runs (see commands/cadena.ts). */
export function run(ctx: CommandContext): number {
  const json = ctx.values.json === true;
  return runFiles(ctx, {
    process(file) {
      const root = readXmlDocument(file);
      if (!ctx.values.tfd) return cadenaOriginal(root);
      const tfd = findTfd(root, documentLayout(root));
      if (!tfd) throw new CliError('El comprobante no está timbrado: no tiene TimbreFiscalDigital');
      return cadenaTfd(tfd);
    },
    exit: () => 0,
    // The cadena is printed byte for byte as SAT's XSLT gives it: no final newline.
    single: (cadena, file) => (json ? `${JSON.stringify({ file, cadena })}\n` : cadena),
    // SAT's stylesheets normalize-space every value, so a cadena never holds a newline.
    line: (cadena) => cadena,
    object: (cadena) => ({ cadena }),
  });
}
