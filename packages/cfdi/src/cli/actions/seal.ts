import { loadCredential } from '../../credentials/credential';
import { sealDocument } from '../../seal/seal';
import { writeXml } from '../../xml/write';
import { stringOpt } from '../command';
import type { CommandContext } from '../command';
import { readXmlDocument } from '../document-input';
import { CliError } from '../errors';
import { readInputFile } from '../input';
import { writeOutput } from '../output';

/** `cfdi seal`: loaded only when the command runs (see commands/seal.ts). */
export function run(ctx: CommandContext) {
  const cerPath = stringOpt(ctx, 'cer');
  const keyPath = stringOpt(ctx, 'key');
  if (!cerPath) throw new CliError('Falta la opción --cer con el certificado de sello digital');
  if (!keyPath) throw new CliError('Falta la opción --key con la llave privada');
  const root = readXmlDocument(ctx.positionals[0]);
  const credential = loadCredential(
    {
      cer: readInputFile(cerPath, 'certificado', 1024 * 1024),
      key: readInputFile(keyPath, 'archivo de llave privada', 1024 * 1024),
      password: password(ctx),
    },
    { purpose: 'sello' },
  );
  const xml = writeXml(sealDocument(root, credential), { declaration: true });
  const output = stringOpt(ctx, 'output');
  if (output) writeOutput(output, xml);
  else ctx.io.stdout(xml.endsWith('\n') ? xml : `${xml}\n`);
  return 0;
}

function password(ctx: CommandContext): string | Buffer | undefined {
  const file = stringOpt(ctx, 'password-file');
  if (file) {
    // Editors and `echo` add a final newline that is never part of the password.
    const bytes = readInputFile(file, 'archivo de contraseña', 4096);
    const end = bytes.at(-1) === 0x0a ? (bytes.at(-2) === 0x0d ? bytes.length - 2 : bytes.length - 1) : bytes.length;
    return bytes.subarray(0, end);
  }
  return stringOpt(ctx, 'password') ?? process.env.CFDI_KEY_PASSWORD;
}
