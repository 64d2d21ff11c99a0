import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CommandContext } from './command';
import { CliError, describeError } from './errors';

/** What a many-files command does with one file, and how it prints the result. */
export interface PerFile<R> {
  /** Reads and processes one file; throws on bad input (reported for that file only). */
  process(file: string): R;
  /** 0 when the document passes, 1 when it does not (verify/validate). */
  exit(result: R): 0 | 1;
  /** The whole output of a single-file run (kept as before batches existed). */
  single(result: R, file: string): string;
  /** One line (no newline inside) for a batch run in text mode. */
  line(result: R): string;
  /** One JSON object for a batch run with --json. */
  object(result: R): object;
}

/**
 * Expands the command line into files: a folder stands for every *.xml below it (sorted, recursive).
 * `batch` is false for exactly one file (or "-", standard input), which keeps the single-file output.
 */
export function expandInputs(args: string[]): { files: string[]; batch: boolean } {
  if (args.length === 1 && args[0] === '-') return { files: args, batch: false };
  if (args.includes('-')) throw new CliError('La entrada estándar ("-") solo se acepta como único archivo');
  let batch = args.length > 1;
  const files: string[] = [];
  for (const arg of args) {
    if (!isDirectory(arg)) {
      files.push(arg); // a missing file is reported for itself when it is read
      continue;
    }
    batch = true;
    const found = xmlFilesUnder(arg);
    if (!found.length) throw new CliError(`La carpeta ${arg} no tiene archivos .xml`);
    files.push(...found);
  }
  return { files, batch };
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function xmlFilesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.xml')) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** Output is gathered and written in blocks: one write per file would dominate a fast batch. */
const FLUSH_AT = 64 * 1024;

/**
 * Runs a many-files command. One file: the command's own output; a failure throws (one line, exit 2).
 * Several files or a folder: one line (or one JSON object with --json) per file, in order; a file
 * that cannot be read or processed is reported (stderr in text mode, an `error` object with --json)
 * and the others go on. Exit code: 2 if any file failed, else 1 if any did not pass, else 0.
 */
export function runFiles<R>(ctx: CommandContext, handler: PerFile<R>): number {
  const { files, batch } = expandInputs(ctx.positionals);
  if (!batch) {
    const result = handler.process(files[0]);
    ctx.io.stdout(handler.single(result, files[0]));
    return handler.exit(result);
  }
  const json = ctx.values.json === true;
  let pending = '';
  const flush = () => {
    if (pending) ctx.io.stdout(pending);
    pending = '';
  };
  let failed = false;
  let notPassing = false;
  for (const file of files) {
    let line: string;
    try {
      const result = handler.process(file);
      if (handler.exit(result)) notPassing = true;
      line = json ? JSON.stringify({ file, ...handler.object(result) }) : `${file}\t${handler.line(result)}`;
    } catch (error) {
      failed = true;
      const message = describeError(error);
      if (!json) {
        flush(); // keeps stdout and stderr in file order on a terminal
        ctx.io.stderr(`${file}: ${message}\n`);
        continue;
      }
      line = JSON.stringify({ file, ok: false, error: message });
    }
    pending += `${line}\n`;
    if (pending.length >= FLUSH_AT) flush();
  }
  flush();
  return failed ? 2 : notPassing ? 1 : 0;
}
