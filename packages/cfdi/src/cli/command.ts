/** Where a command writes. Tests pass collectors; main.ts passes the process streams. */
export interface CliIO {
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
}

export type OptionSpec = { type: 'boolean' | 'string'; short?: string; multiple?: boolean };

export interface CommandContext {
  positionals: string[];
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  io: CliIO;
}

/** One `cfdi <name>` sub-command. `run` resolves to the exit code. */
export interface Command {
  name: string;
  /** One line for the general help. */
  summary: string;
  /** Full help shown by `cfdi <name> --help`. */
  help: string;
  options: Record<string, OptionSpec>;
  /**
   * Exact number of positional arguments, or 'files': one or more files or folders processed one
   * by one in this process (see batch.ts).
   */
  positionals: number | 'files';
  run(ctx: CommandContext): number | Promise<number>;
}

/** The string value of an option, or undefined. */
export const stringOpt = (ctx: CommandContext, name: string): string | undefined => {
  const v = ctx.values[name];
  return typeof v === 'string' ? v : undefined;
};
