import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runMain } from './support';
import { startTestServer } from '../server';

/**
 * Issue 25 §3: production names its providers. With NODE_ENV=production (SMTP_URL and APP_SECRET set) the
 * server refuses to start unless payments (STRIPE_SECRET_KEY, or PAYMENTS_PROVIDER=local) and the PAC
 * (PAC_PROVIDER=finkok|sandbox) are explicit: exit ≠ 0 within 30 s, the last line naming the variable.
 * A test provider chosen in production starts with a warning line and the banner every screen shows.
 */
const BASE = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9/', APP_SECRET: 'produccion-secreta-produccion-secreta-0001', PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json' };

async function refused(env: Record<string, string>) {
  const started = Date.now();
  const { done } = runMain({ ...BASE, DATA_DIR: `/tmp/facturo-prod-providers-${process.pid}`, ...env }, { timeoutMs: 30_000 });
  const result = await done;
  const lines = (result.stderr + result.stdout).trim().split('\n').filter(Boolean);
  return { ...result, ms: Date.now() - started, lines, last: lines.at(-1) ?? '' };
}

describe('production names its providers (issue 25 §3)', () => {
  it('no STRIPE_SECRET_KEY nor PAYMENTS_PROVIDER: exit ≠ 0 within 30 s, one line naming STRIPE_SECRET_KEY', async () => {
    const r = await refused({ PAC_PROVIDER: 'finkok' });
    console.log(`[issue 25 §3] sin STRIPE_SECRET_KEY/PAYMENTS_PROVIDER → código ${r.code} en ${r.ms} ms: ${r.last}`);
    expect(r.code).not.toBeNull();
    expect(r.code).not.toBe(0);
    expect(r.ms).toBeLessThan(30_000);
    expect(r.lines).toHaveLength(1);
    expect(r.last).toContain('STRIPE_SECRET_KEY');
    expect(r.last).toContain('PAYMENTS_PROVIDER=local');
    expect(r.stdout + r.stderr).not.toContain('listo');
  }, 60_000);

  it('no PAC_PROVIDER: exit ≠ 0 within 30 s, one line naming PAC_PROVIDER', async () => {
    const r = await refused({ PAYMENTS_PROVIDER: 'local' });
    console.log(`[issue 25 §3] sin PAC_PROVIDER → código ${r.code} en ${r.ms} ms: ${r.last}`);
    expect(r.code).not.toBeNull();
    expect(r.code).not.toBe(0);
    expect(r.ms).toBeLessThan(30_000);
    expect(r.lines).toHaveLength(1);
    expect(r.last).toContain('PAC_PROVIDER');
  }, 60_000);

  it('neither: the first missing one (STRIPE_SECRET_KEY) is named; a PAC_PROVIDER that is not finkok/sandbox is named too', async () => {
    const neither = await refused({});
    expect(neither.code).not.toBe(0);
    expect(neither.last).toContain('STRIPE_SECRET_KEY');
    const wrong = await refused({ PAYMENTS_PROVIDER: 'local', PAC_PROVIDER: 'pruebas' });
    console.log(`[issue 25 §3] PAC_PROVIDER=pruebas → código ${wrong.code}: ${wrong.last}`);
    expect(wrong.code).not.toBe(0);
    expect(wrong.last).toContain('PAC_PROVIDER');
    const stripeWithoutKey = await refused({ PAYMENTS_PROVIDER: 'stripe', PAC_PROVIDER: 'finkok' });
    expect(stripeWithoutKey.code).not.toBe(0);
    expect(stripeWithoutKey.last).toContain('STRIPE_SECRET_KEY');
  }, 120_000);

  it('test providers chosen in production: a warning line at start and the banner of every screen', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write(c, _e, cb) { lines.push(c.toString()); cb(); } });
    const both = await startTestServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9/', PAYMENTS_PROVIDER: 'local', PAC_PROVIDER: 'sandbox', LOG_LEVEL: 'warn' }, { logStream });
    try {
      const mode = await (await fetch(`${both.baseUrl}/api/modo-pruebas`)).json();
      expect(mode).toEqual({ banner: 'Modo de pruebas: los pagos no se cobran / los timbres no tienen validez fiscal', payments: 'local', pac: 'sandbox' });
      const warning = lines.join('').split('\n').find((l) => l.includes('Modo de pruebas'));
      console.log(`[issue 25 §3] aviso al arrancar: ${warning}`);
      expect(warning).toContain('"level":40');
      expect(warning).toContain('PAYMENTS_PROVIDER=local');
    } finally {
      await both.close();
    }
    const pacOnly = await startTestServer({
      NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9/', STRIPE_SECRET_KEY: 'sk_test_no_se_llama', STRIPE_WEBHOOK_SECRET: 'whsec_x', PAC_PROVIDER: 'sandbox', LOG_LEVEL: 'warn',
    });
    try {
      expect((await (await fetch(`${pacOnly.baseUrl}/api/modo-pruebas`)).json())).toEqual({ banner: 'Modo de pruebas: los timbres no tienen validez fiscal', payments: 'stripe', pac: 'sandbox' });
    } finally {
      await pacOnly.close();
    }
    // Outside production the local providers are the normal offline setup: no banner.
    const dev = await startTestServer();
    try {
      expect((await (await fetch(`${dev.baseUrl}/api/modo-pruebas`)).json())).toEqual({ banner: null, payments: 'local', pac: 'sandbox' });
    } finally {
      await dev.close();
    }
  }, 180_000);
});
