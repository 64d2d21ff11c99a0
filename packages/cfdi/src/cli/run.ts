import { parseArgs } from 'node:util';
import type { Command, CliIO } from './command';
import { cadenaCommand } from './commands/cadena';
import { infoCommand } from './commands/info';
import { pdfCommand } from './commands/pdf';
import { sealCommand } from './commands/seal';
import { validateCommand } from './commands/validate';
import { verifyCommand } from './commands/verify';
import { CliError, describeError } from './errors';

const COMMANDS: Command[] = [cadenaCommand, verifyCommand, validateCommand, sealCommand, pdfCommand, infoCommand];

/** Exit codes: 0 success, 1 the document does not pass (verify/validate), 2 bad usage or input. */
export const EXIT = { ok: 0, notValid: 1, badInput: 2 } as const;

function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `cfdi — herramientas de CFDI (cadena original, sello, verificación, validación, PDF)

Uso: cfdi <comando> [opciones]

Comandos:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Usa "cfdi <comando> --help" para ver las opciones de cada comando.
Códigos de salida: 0 correcto, 1 el comprobante no pasa la verificación/validación, 2 error de uso o de entrada.
`;
}

/**
 * Runs the CLI with `args` (argv without node and script). Never throws: every failure becomes one
 * Spanish line on stderr and exit code 2.
 */
export async function runCli(args: string[], io: CliIO): Promise<number> {
  try {
    const [name, ...rest] = args;
    if (name === undefined) throw new CliError('Falta el comando. Usa "cfdi --help" para ver la ayuda');
    if (name === '--help' || name === '-h' || name === 'help' || name === 'ayuda') {
      io.stdout(generalHelp());
      return EXIT.ok;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command) throw new CliError(`Comando desconocido: "${name}". Usa "cfdi --help" para ver los comandos`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${command.help}\n`);
      return EXIT.ok;
    }
    const { values, positionals } = parse(command, rest);
    const wanted = command.positionals === 'files' ? 1 : command.positionals;
    if (positionals.length < wanted) {
      throw new CliError(`Falta el archivo. Uso: ${command.help.split('\n')[0].replace(/^Uso: /, '')}`);
    }
    if (command.positionals !== 'files' && positionals.length > command.positionals) {
      throw new CliError(`Sobran argumentos: ${positionals.slice(command.positionals).join(' ')}`);
    }
    return await command.run({ positionals, values, io });
  } catch (error) {
    io.stderr(`${describeError(error)}\n`);
    return EXIT.badInput;
  }
}

function parse(command: Command, args: string[]) {
  try {
    return parseArgs({ args, options: command.options, allowPositionals: true, strict: true });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const option = /'([^']+)'/.exec(err.message)?.[1] ?? '';
    if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new CliError(`Opción desconocida para "${command.name}": ${option}. Usa "cfdi ${command.name} --help"`);
    }
    if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new CliError(`La opción ${option.split(' ')[0]} necesita un valor`);
    }
    throw new CliError(`Argumentos inválidos para "${command.name}"`);
  }
}
