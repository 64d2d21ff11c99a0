import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

export const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The first non-loopback IPv4 address of this machine, to reach a server as a non-loopback peer. */
export function externalAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

/** A free TCP port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * A TCP proxy to `target` that tests stop and start to cut a service (Redis, PostgreSQL) away from
 * the server under test and give it back, on the same port.
 */
export class TcpProxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    if (this.server) return;
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Refuses new connections and cuts the open ones. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((r) => server.close(r));
  }
}

/** Collects a server's log (pino JSON lines) in memory. */
export function logCollector(): { stream: Writable; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** Runs `apps/api/src/main.ts` with `env`; resolves with its exit code and output, or once it says "listo". */
export function runMain(env: Record<string, string>, opts: { untilReady?: boolean; timeoutMs?: number } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d.toString()));
  child.stderr.on('data', (d) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string; ready: boolean }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    const check = () => {
      if (opts.untilReady && /Facturo listo/.test(stdout + stderr)) {
        clearTimeout(timer);
        resolve({ code: null, stdout, stderr, ready: true });
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ready: false });
    });
  });
  return { child, done };
}

/** An HS256 JWT signed with `key` and any claims (tests forge well-signed but ill-formed tokens). */
export function signJwt(claims: Record<string, unknown>, key: string): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `apps/api/src/main.ts` (an API) or `apps/api/src/worker.ts` (a worker) as a child process with `env`;
 * resolves once it says it is ready ("Facturo listo" / "[worker] atendiendo"), rejects if it exits first.
 */
export function runProcess(script: 'main' | 'worker', env: Record<string, string>, timeoutMs = 180_000): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/${script}.ts`], {
      cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} no estuvo listo en ${timeoutMs} ms: ${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/Facturo listo|\[worker\] atendiendo/.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} salió con ${code}: ${out}`));
    });
  });
}

/** SIGKILL, and resolves once the process is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
