import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { closedPort, ROOT } from './support';

// `npm start` builds nothing here (SKIP_WEB_BUILD) but migrates a fresh PGlite: slow on the shared machine.
vi.setConfig({ testTimeout: 300_000 });

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const parentOf = (pid: number): number => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]);
const listening = (port: number) => new Promise<boolean>((resolve) => {
  const s = net.connect({ port, host: '127.0.0.1' }, () => { s.destroy(); resolve(true); });
  s.on('error', () => resolve(false));
});

/** `npm start` in its own process group, as a terminal runs it; resolves once the server says it is ready. */
async function npmStart() {
  const port = await closedPort();
  const npm = spawn('npm', ['start'], {
    cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), SKIP_WEB_BUILD: '1', LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-npm-start-')), APP_SECRET: 'x'.repeat(40),
    },
  });
  let out = '';
  npm.stdout.on('data', (d) => (out += d.toString()));
  npm.stderr.on('data', (d) => (out += d.toString()));
  const serverPid = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start no quedó listo:\n${out}`)), 240_000);
    const check = () => {
      const line = out.split('\n').find((l) => l.includes('Facturo listo'));
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { pid: number }).pid);
    };
    npm.stdout.on('data', check);
    npm.stderr.on('data', check);
    npm.on('exit', () => reject(new Error(`npm start terminó antes de estar listo:\n${out}`)));
  });
  const startPid = parentOf(serverPid);
  const exited = new Promise<void>((r) => npm.on('exit', () => r()));
  return { npm, port, serverPid, startPid, exited, output: () => out };
}

async function gone(pid: number, ms = 30_000): Promise<boolean> {
  for (let t = 0; t < ms; t += 200) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return !alive(pid);
}

describe('npm start stops the server it started (issue 25 §14)', () => {
  it('SIGTERM to npm: npm, scripts/start.mjs and the server all end, and the port is released', async () => {
    const run = await npmStart();
    try {
      expect(await listening(run.port)).toBe(true);
      expect(run.startPid).not.toBe(run.npm.pid); // npm → sh → start.mjs → server
      process.kill(run.npm.pid!, 'SIGTERM');
      await run.exited;
      expect(await gone(run.startPid), 'scripts/start.mjs sigue vivo').toBe(true);
      expect(await gone(run.serverPid), `el servidor sigue vivo\n${run.output()}`).toBe(true);
      expect(await listening(run.port)).toBe(false);
    } finally {
      for (const pid of [run.serverPid, run.startPid]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('Ctrl-C (SIGINT to the foreground process group): everything ends, the port is released', async () => {
    const run = await npmStart();
    try {
      process.kill(-run.npm.pid!, 'SIGINT');
      await run.exited;
      expect(await gone(run.startPid), 'scripts/start.mjs sigue vivo').toBe(true);
      expect(await gone(run.serverPid), `el servidor sigue vivo\n${run.output()}`).toBe(true);
      expect(await listening(run.port)).toBe(false);
    } finally {
      for (const pid of [run.serverPid, run.startPid]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
