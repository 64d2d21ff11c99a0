import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../server';
import { externalAddress, runMain } from './support';

// Real servers, real HTTP, sometimes child processes, on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 17 §1: the local outbox handed any stranger a password-reset code. Now it answers only a
 * loopback peer (judged by the socket, not by X-Forwarded-For), does not exist in production, and
 * production refuses to start without SMTP_URL.
 */
const external = externalAddress();
let server: TestServer;
let viaExternal: string;
beforeAll(async () => {
  // Listening on every interface: the same server is reached from loopback and from this machine's
  // own non-loopback address (a different peer address, as a stranger on the network would be).
  server = await startTestServer({}, { host: '0.0.0.0' });
  viaExternal = server.baseUrl.replace('127.0.0.1', external ?? '127.0.0.1');
});
afterAll(() => server?.close());

const askReset = (base: string, email: string) =>
  fetch(`${base}/api/sendCodigoCambiarPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

describe('the local outbox (development default)', () => {
  it('this machine has a non-loopback address to test from', () => {
    expect(external, 'no non-loopback IPv4 interface').toBeDefined();
  });

  it('answers a loopback peer: the README quick start keeps working', async () => {
    await askReset(server.baseUrl, 'alguien@ejemplo.mx');
    const res = await fetch(`${server.baseUrl}/api/dev/outbox?to=alguien@ejemplo.mx`);
    expect(res.status).toBe(200);
  });

  it('is a 404 for a non-loopback peer, even claiming 127.0.0.1 in X-Forwarded-For, and so is its page', async () => {
    const spoofs: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' }];
    for (const headers of spoofs) {
      const res = await fetch(`${viaExternal}/api/dev/outbox?to=alguien@ejemplo.mx`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('código');
      expect((await fetch(`${viaExternal}/dev/outbox`, { headers })).status).toBe(404);
    }
  });

  it('the stranger\'s takeover path is closed: reset code asked from outside is not readable from outside', async () => {
    await askReset(viaExternal, 'victima@ejemplo.mx');
    const res = await fetch(`${viaExternal}/api/dev/outbox?to=victima@ejemplo.mx`);
    expect(res.status).toBe(404);
  });

  it('MAIL_OUTBOX_PUBLIC=true opens it to any peer (a demo server), with a warning at start', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const stream = new Writable({ write(c, _e, cb) { lines.push(c.toString()); cb(); } });
    const demo = await startTestServer({ MAIL_OUTBOX_PUBLIC: 'true', LOG_LEVEL: 'warn' }, { host: '0.0.0.0', logStream: stream });
    try {
      const res = await fetch(`${demo.baseUrl.replace('127.0.0.1', external ?? '127.0.0.1')}/api/dev/outbox?to=alguien@ejemplo.mx`);
      expect(res.status).toBe(200);
      expect(lines.join('')).toContain('MAIL_OUTBOX_PUBLIC=true');
    } finally {
      await demo.close();
    }
  }, 90_000);
});

describe('production', () => {
  it('refuses to start without SMTP_URL: one line naming it, exit code 1', async () => {
    const { done } = runMain({ NODE_ENV: 'production', PORT: '0', DATA_DIR: '/tmp/facturo-prod-nosmtp' });
    const { code, stderr, stdout } = await done;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('SMTP_URL');
    expect(stdout).not.toContain('listo');
  }, 120_000);

  it('the outbox route does not exist, from any peer', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9/', PAYMENTS_PROVIDER: 'local', PAC_PROVIDER: 'sandbox', LOG_LEVEL: 'warn' });
    try {
      expect((await fetch(`${prod.baseUrl}/api/dev/outbox?to=alguien@ejemplo.mx`)).status).toBe(404);
      expect((await fetch(`${prod.baseUrl}/dev/outbox`)).status).toBe(404);
      const spec = (await (await fetch(`${prod.baseUrl}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(spec.paths)).not.toContain('/api/dev/outbox');
      expect(Object.keys(spec.paths)).toContain('/api/login');
    } finally {
      await prod.close();
    }
  }, 90_000);
});
