import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../server';
import { createAccount, randomRfc, type TestAccount } from '../accounts';
import { logCollector } from './support';

// Real servers, real HTTP, sometimes child processes, on a shared 2-core machine: generous time per test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 17 §8: authenticated answers are never cached, a failed query is logged without the user's
 * typed values, and a 413 says what was too large.
 */
let server: TestServer;
let account: TestAccount;
const log = logCollector();
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: log.stream });
  account = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

describe('cache headers', () => {
  it('authenticated JSON answers carry Cache-Control: no-store', async () => {
    for (const path of ['/api/user', '/api/user/plan', '/api/clients', '/api/background/process']) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: account.headers });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    // Error answers too (they may name the tenant's records).
    const missing = await fetch(`${server.baseUrl}/api/clients/999999/edit`, { headers: account.headers });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a failed query in the log', () => {
  it('has its SQL text and error code, never the typed values nor the driver stack', async () => {
    const typed = { rfc: randomRfc('moral'), r_social: 'Zorro Confidencial Ñu', email: ['secreto.unico@cliente-privado.mx'] };
    // Break the table under the running server: the next insert fails in the database.
    await server.runtime.ctx.database.exec('ALTER TABLE clients RENAME TO clients_fuera');
    try {
      const res = await fetch(`${server.baseUrl}/api/clients`, {
        method: 'POST',
        headers: { ...account.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...typed, regimen: '601', uso_cfdi: 'G03', domicilio: { cp: '44100' } }),
      });
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).toBe('Error inesperado');
    } finally {
      await server.runtime.ctx.database.exec('ALTER TABLE clients_fuera RENAME TO clients');
    }
    const text = log.text();
    const failed = text.split('\n').filter((l) => l.includes('consulta fallida'));
    expect(failed.length).toBeGreaterThan(0);
    const entry = JSON.parse(failed[0]!) as { query: { sql: string; code: string } };
    expect(entry.query.sql).toMatch(/"clients"/);
    expect(entry.query.code).toBe('42P01');
    for (const value of [typed.rfc, typed.r_social, typed.email[0]!, 'Zorro', 'secreto.unico']) expect(text).not.toContain(value);
    expect(text).not.toMatch(/params:|at .*node_modules/);
  });
});

describe('413 answers say what was too large', () => {
  it('a JSON body over the limit names the body', async () => {
    const res = await fetch(`${server.baseUrl}/api/clients`, {
      method: 'POST',
      headers: { ...account.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ r_social: 'x'.repeat(13 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('El cuerpo de la solicitud excede el tamaño permitido (12 MB)');
  });

  it('a file over the limit names the file', async () => {
    const form = new FormData();
    const big = Buffer.alloc(11 * 1024 * 1024, 32);
    big.write('%PDF-1.4\n');
    form.append('file', new Blob([big], { type: 'application/pdf' }), 'csf.pdf');
    const res = await fetch(`${server.baseUrl}/api/clients/upload-csf`, { method: 'POST', headers: account.headers, body: form });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('El archivo excede el tamaño permitido (10 MB)');
  });

  it('too many files names the number of files', async () => {
    const form = new FormData();
    for (let i = 0; i < 5; i++) form.append(`f${i}`, new Blob([Buffer.from('x')], { type: 'image/png' }), `f${i}.png`);
    const res = await fetch(`${server.baseUrl}/api/profile/avatar`, { method: 'POST', headers: account.headers, body: form });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('Se enviaron demasiados archivos (máximo 4)');
  });
});
