import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../server';
import { createAccount, latestCode, randomRfc, type TestAccount } from '../accounts';
import { callApi } from '../http';
import { listen } from '../live';
import { readFixture } from '../../../../packages/cfdi/test/fixtures';
import { uploadCsd } from '../../src/modules/invoicing/invoicing-test-kit';
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

describe('no English reason phrases (issue 25 §9)', () => {
  it('a `//` in a path answers in Spanish, never "Forbidden"', async () => {
    for (const path of ['//', '//incomes', '/assets//index.js', '//api/clients', '/incomes//x']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      const text = await res.text();
      expect(text, path).not.toMatch(/Forbidden|Not Found|Bad Request/);
      if (res.status >= 400) expect((JSON.parse(text) as { message: string }).message, path).toMatch(/[a-záéíóúñ]/);
    }
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

  it("the payments webhook's 413 names its own limit (256 kB), not the app's 12 MB (issue 25 §13)", async () => {
    const res = await fetch(`${server.baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_x', type: 'x', data: { pad: 'x'.repeat(300 * 1024) } }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('El cuerpo de la solicitud excede el tamaño permitido (256 kB)');
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

describe('secrets never in a response nor a log line (issue 12 §6)', () => {
  it('CSD and e.firma keys and passwords, CIEC, tokens, reset codes, passwords and card data', async () => {
    // The SAT test taxpayer: its CSD and e.firma, with their password, go through the real upload and validation.
    const owner = await createAccount(server.baseUrl, { rfc: 'EKU9003173C9', persona: 'moral', rol: 11 });
    const replies: string[] = [];
    const record = async (method: string, path: string, body?: unknown) => {
      const res = await callApi(server.baseUrl, owner.headers, method, path, body);
      replies.push(JSON.stringify(res.body));
      return res;
    };
    await uploadCsd(server.baseUrl, owner);
    const fiel = new FormData();
    fiel.append('cer', new Blob([new Uint8Array(readFixture('certs/fiel/EKU9003173C9.cer'))]), 'fiel.cer');
    fiel.append('key', new Blob([new Uint8Array(readFixture('certs/fiel/EKU9003173C9.key'))]), 'fiel.key');
    fiel.append('password', '12345678a');
    const fielRes = await fetch(`${server.baseUrl}/api/profile/efirma`, { method: 'POST', headers: owner.headers, body: fiel });
    replies.push(await fielRes.text());
    expect(fielRes.status).toBeLessThan(300);
    const ciec = 'CiecMuySecreta#77';
    expect((await record('POST', '/api/ciec/process', { ciec })).status).toBeLessThan(300);
    for (const path of ['/api/profile/csd', '/api/profile/efirma', '/api/profile/ciec', '/api/profile', '/api/user', '/api/background/process']) {
      expect((await record('GET', path)).status, path).toBe(200);
    }
    // A card (the local provider follows Stripe: the test card number is 4242 4242 4242 4242).
    expect((await record('POST', '/api/payments/cards', { paymentMethod: 'pm_card_visa', name: 'Escuela Kemper' })).status).toBeLessThan(300);
    expect((await record('GET', '/api/payments/cards')).status).toBe(200);
    // A reset code (read from the dev outbox, as the user reads their mail), then used.
    expect((await callApi(server.baseUrl, {}, 'POST', '/api/sendCodigoCambiarPassword', { email: owner.email })).status).toBeLessThan(300);
    const code = await latestCode(server.baseUrl, owner.email);
    const newPassword = 'OtraClave#2027';
    const reset = await callApi(server.baseUrl, {}, 'POST', '/api/resetPassword', { email: owner.email, code, password: newPassword, password_confirmation: newPassword });
    expect(reset.status, JSON.stringify(reset.body)).toBeLessThan(300);
    replies.push(JSON.stringify(reset.body));
    // A login (its token), a socket opened with it, a wrong login.
    const login = await callApi(server.baseUrl, {}, 'POST', '/api/login', { username: owner.email, password: newPassword });
    expect(login.status).toBe(200);
    const token = login.body.access_token as string;
    const { socket } = await listen(server.baseUrl, token);
    socket.close();
    await callApi(server.baseUrl, {}, 'POST', '/api/login', { username: owner.email, password: 'Incorrecta#1' });
    await callApi(server.baseUrl, { authorization: `Bearer ${token}` }, 'GET', `/api/user?token=${token}`);
    // An e-mail and a search term in query strings (issue 25 §13).
    await callApi(server.baseUrl, {}, 'GET', `/api/dev/outbox?to=${encodeURIComponent(owner.email)}`);
    await callApi(server.baseUrl, { authorization: `Bearer ${token}` }, 'GET', '/api/incomes?page=1&searchQuery=Zapater%C3%ADa+Reservada+Quintanar');

    const keyPem = readFixture('certs/csd/EKU9003173C9.key.pem').toString();
    const keyDer = readFixture('certs/csd/EKU9003173C9.key');
    const secrets: Record<string, string> = {
      'contraseña del CSD / e.firma': '12345678a',
      CIEC: ciec,
      'llave del CSD (base64)': keyDer.toString('base64').slice(0, 40),
      'llave del CSD (hex)': keyDer.toString('hex').slice(0, 40),
      'llave del CSD (PEM)': keyPem.split('\n').find((l) => l.length > 40 && !l.startsWith('-----'))!.slice(0, 40),
      'número de tarjeta': '4242424242424242',
      'contraseña de la cuenta': newPassword,
      'contraseña anterior': owner.password,
    };
    const answers = replies.join('\n');
    for (const [what, value] of Object.entries(secrets)) expect(answers.includes(value), `${what} en una respuesta`).toBe(false);
    const logText = log.text();
    expect(logText.length).toBeGreaterThan(1000);
    const inLog = { ...secrets, 'token de acceso': token.split('.')[2]!, 'token de registro': owner.token.split('.')[2]!, 'token (payload)': token.split('.')[1]! };
    for (const [what, value] of Object.entries(inLog)) expect(logText.includes(value), `${what} en el log`).toBe(false);
    // The request with a token in its query string is logged with the value hidden.
    expect(logText).toContain('/api/user?token=[Redacted]');
    expect(logText).toContain('/api/dev/outbox?to=[Redacted]');
    expect(logText).toContain('searchQuery=[Redacted]');
    expect(logText).not.toContain(encodeURIComponent(owner.email));
    expect(logText).not.toMatch(/Zapater|Quintanar/);
    // The reset code: six digits, not part of a longer number (timestamps, ids).
    expect(new RegExp(`(?<![0-9])${code}(?![0-9])`).test(logText), 'código de restablecimiento en el log').toBe(false);
  });
});

