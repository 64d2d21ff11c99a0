import { documentLayout } from '../../seal/document';
import { stringOpt } from '../command';
import type { CommandContext } from '../command';
import { readXmlDocument } from '../document-input';
import { CliError } from '../errors';
import { readInputFile } from '../input';
import { writeOutput } from '../output';

const TEMPLATES = ['clasico', 'moderno'] as const;

/** `cfdi pdf`: loaded only when the command runs (see commands/pdf.ts). */
export async function run(ctx: CommandContext) {
  const output = stringOpt(ctx, 'output');
  if (!output) throw new CliError('Falta la opción -o con el archivo PDF de salida');
  const template = stringOpt(ctx, 'plantilla') ?? 'clasico';
  if (!(TEMPLATES as readonly string[]).includes(template)) {
    throw new CliError(`Plantilla desconocida: "${template}" (usa clasico o moderno)`);
  }
  const logoPath = stringOpt(ctx, 'logo');
  const logo = logoPath ? readInputFile(logoPath, 'logotipo', 2 * 1024 * 1024) : undefined;
  const root = readXmlDocument(ctx.positionals[0]);
  const layout = documentLayout(root);
  if (layout.kind !== 'cfdi40' && layout.kind !== 'cfdi33') {
    throw new CliError(`El PDF solo está disponible para CFDI 4.0 y 3.3; el documento es ${layout.label}`);
  }
  // pdfmake is heavy: loaded only by this command so the others start fast.
  const { renderPdf } = await import('../../pdf');
  const pdf = await renderPdf(root, {
    template: template as (typeof TEMPLATES)[number],
    logo,
    sandbox: ctx.values['sin-validez'] === true ? true : undefined,
  });
  writeOutput(output, pdf);
  ctx.io.stderr(`PDF escrito en ${output} (${pdf.length.toLocaleString('es-MX')} bytes)\n`);
  return 0;
}
