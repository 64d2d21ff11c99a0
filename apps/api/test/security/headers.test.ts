import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../server';
import { createAccount, type TestAccount } from '../accounts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 12 §6: security headers on the web app and the API — a CSP that says who may frame the app
 * (frame-ancestors) and forbids plugins and foreign scripts, X-Content-Type-Options nosniff, a Referrer-Policy
 * that sends no path to other sites, and no framing by other sites (X-Frame-Options for older browsers).
 */
let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  account = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

/** The CSP's directives by name. */
const directives = (csp: string | null) =>
  Object.fromEntries((csp ?? '').split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/);
    return [name!.toLowerCase(), values];
  }));

describe('security headers (issue 12 §6)', () => {
  const cases: [string, string, boolean][] = [
    ['la aplicación web', '/', false],
    ['una ruta del SPA', '/dashboard', false],
    ['un recurso inexistente', '/assets/no-existe.js', false],
    ['la API sin sesión', '/api/health', false],
    ['la API con sesión', '/api/user', true],
    ['un error de la API', '/api/clients/999999/edit', true],
    ['un 401', '/api/user', false],
  ];
  it.each(cases)('%s (%s): CSP with frame-ancestors, nosniff, referrer policy, no framing by others', async (_what, path, auth) => {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: auth ? account.headers : {} });
    expect(res.status).toBeLessThan(500);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['frame-ancestors'], JSON.stringify(csp)).toBeDefined();
    expect(csp['frame-ancestors']!.every((v) => v === "'self'" || v === "'none'")).toBe(true);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toBeDefined();
    expect(csp['script-src']!.some((v) => v === "'unsafe-inline'" || v === "'unsafe-eval'" || v === '*' || v.startsWith('http'))).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(res.headers.get('referrer-policy'));
    expect(['SAMEORIGIN', 'DENY']).toContain(res.headers.get('x-frame-options'));
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
