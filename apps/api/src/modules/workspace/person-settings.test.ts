import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomInt } from 'node:crypto';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, TEST_PASSWORD, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { Secret, TOTP } from 'otpauth';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Decision 315: «Mis datos», a person's own settings apart from an account's fiscal profile. */
let server: TestServer;
let owner: TestAccount;
let other: TestAccount;

const NEW_PASSWORD = 'Nueva#Clave2026';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (headers: Record<string, string>, method: string, path: string, body?: unknown) => callApi(server.baseUrl, headers, method, path, body);
const login = (username: string, password: string) => call({}, 'POST', '/api/login', { username, password });

async function outbox(email: string): Promise<{ subject: string; text: string; html: string }[]> {
  const res = await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { data: { subject: string; text: string; html: string }[] }).data;
}

/** The owner invites a new person who registers from the link: that person's e-mail and person-scoped token. */
async function newMember(of: TestAccount): Promise<{ email: string; token: string }> {
  const email = `persona.${randomInt(1e9)}@ejemplo.mx`;
  expect((await call(of.headers, 'POST', '/api/cuenta/miembros', { email, rol: 'capturista' })).status).toBe(201);
  const link = /\/invitacion\/(\S+)/.exec((await outbox(email))[0]!.text)![1]!;
  const reg = await call({}, 'POST', `/api/invitaciones/${link}/registro`, { nombre: 'Rosa Capturista', password: TEST_PASSWORD });
  expect(reg.status).toBe(201);
  return { email, token: reg.body.access_token };
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, other] = await Promise.all([createAccount(server.baseUrl, { rol: 11 }), createAccount(server.baseUrl, { rol: 11 })]);
});
afterAll(() => server?.close());

describe('GET/PATCH /api/me', () => {
  it("answers the person's data, and a new name leaves the account's fiscal name alone", async () => {
    const me = await call(owner.headers, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ nombre: 'Juana Pérez Núñez', email: owner.email, idioma: 'es', totp: false });

    const changed = await call(owner.headers, 'PATCH', '/api/me', { nombre: '  Juana P. (contadora)  ' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ nombre: 'Juana P. (contadora)', idioma: 'es' });
    const profile = await call(owner.headers, 'GET', '/api/profile');
    expect(JSON.stringify(profile.body)).toContain('Juana Pérez Núñez');
    expect(JSON.stringify(profile.body)).not.toContain('contadora');
  });

  it('refuses bad input naming the field', async () => {
    const empty = await call(owner.headers, 'PATCH', '/api/me', { nombre: '   ' });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('Escribe tu nombre');
    const lang = await call(owner.headers, 'PATCH', '/api/me', { idioma: 'fr' });
    expect(lang.status).toBe(422);
    expect(JSON.stringify(lang.body)).toContain('idioma');
  });

  it('a member of another account changes only itself: there is no way to aim at this person', async () => {
    const member = await newMember(other);
    const res = await call(bearer(member.token), 'PATCH', '/api/me', { nombre: 'Intruso', idioma: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: member.email, nombre: 'Intruso' });
    const mine = await call(owner.headers, 'GET', '/api/me');
    expect(mine.body).toMatchObject({ email: owner.email, nombre: 'Juana P. (contadora)', idioma: 'es' });
  });

  it('an API key gets 403 on every one of these routes', async () => {
    const created = await call(owner.headers, 'POST', '/api/api-keys', { nombre: 'Tienda', modo: 'live' });
    expect(created.status).toBe(201);
    const key = bearer(created.body.key);
    for (const [method, path, body] of [
      ['GET', '/api/me', undefined], ['PATCH', '/api/me', { nombre: 'Llave' }],
      ['POST', '/api/me/password', { actual: TEST_PASSWORD, nueva: NEW_PASSWORD }],
    ] as const) {
      const res = await call(key, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await login(owner.rfc, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('POST /api/me/password', () => {
  it('refuses a wrong current password (422 naming actual) and a new one that breaks the rules (naming nueva)', async () => {
    const wrong = await call(owner.headers, 'POST', '/api/me/password', { actual: 'NoEs#La2026', nueva: NEW_PASSWORD });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('actual');
    const weak = await call(owner.headers, 'POST', '/api/me/password', { actual: TEST_PASSWORD, nueva: 'corta' });
    expect(weak.status).toBe(422);
    expect(JSON.stringify(weak.body)).toContain('nueva');
    expect((await login(owner.rfc, TEST_PASSWORD)).status).toBe(200);
  });

  it('changes it: login works with the new one and not the old, other sessions end, this one goes on', async () => {
    const otherSession = await login(owner.email, TEST_PASSWORD);
    const res = await call(owner.headers, 'POST', '/api/me/password', { actual: TEST_PASSWORD, nueva: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await call(bearer(res.body.access_token), 'GET', '/api/me')).status).toBe(200);
    expect((await call(bearer(otherSession.body.access_token), 'GET', '/api/me')).status).toBe(401);
    expect((await call(owner.headers, 'GET', '/api/me')).status).toBe(401);
    expect((await login(owner.rfc, TEST_PASSWORD)).status).toBe(401);
    const again = await login(owner.rfc, NEW_PASSWORD);
    expect(again.status).toBe(200);
    owner.headers = bearer(again.body.access_token);
    // The security notice, in Spanish by default.
    expect((await outbox(owner.email))[0]).toMatchObject({ subject: 'Tu contraseña de Facturo cambió' });
  });

  it('a person without an account of its own changes its password and signs in with it', async () => {
    const member = await newMember(other);
    const res = await call(bearer(member.token), 'POST', '/api/me/password', { actual: TEST_PASSWORD, nueva: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await call(bearer(member.token), 'GET', '/api/me')).status).toBe(401);
    expect((await call(bearer(res.body.access_token), 'GET', '/api/me')).body).toMatchObject({ email: member.email });
    expect((await login(member.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(member.email, NEW_PASSWORD)).status).toBe(200);
    // The account's owner password is untouched.
    expect((await login(other.rfc, TEST_PASSWORD)).status).toBe(200);
  });

  it('is rate-limited like the login: after 5 wrong current passwords a 429, even with the right one', async () => {
    const member = await newMember(other);
    const headers = bearer(member.token);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(headers, 'POST', '/api/me/password', { actual: `Mala#${i}Clave`, nueva: NEW_PASSWORD })).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
    expect((await call(headers, 'POST', '/api/me/password', { actual: TEST_PASSWORD, nueva: NEW_PASSWORD })).status).toBe(429);
  });
});

describe('language of the e-mails (idioma)', () => {
  it('a person who chose English gets the person-addressed e-mails in English', async () => {
    expect((await call(owner.headers, 'PATCH', '/api/me', { idioma: 'en' })).body).toMatchObject({ idioma: 'en' });
    const res = await call(owner.headers, 'POST', '/api/me/password', { actual: NEW_PASSWORD, nueva: TEST_PASSWORD });
    expect(res.status).toBe(200);
    owner.headers = bearer(res.body.access_token);
    const [mail] = await outbox(owner.email);
    expect(mail).toMatchObject({ subject: 'Your Facturo password was changed' });
    expect(mail!.html).toContain('<html lang="en">');

    // The password-reset code too; back in Spanish once the person says so.
    expect((await call({}, 'POST', '/api/sendCodigoCambiarPassword', { email: owner.email })).status).toBeLessThan(300);
    expect((await outbox(owner.email))[0]).toMatchObject({ subject: 'Code to change your password' });
    await call(owner.headers, 'PATCH', '/api/me', { idioma: 'es' });
  });

  it('turning two-step verification on and off sends a notice in the language of the person', async () => {
    const member = await newMember(other);
    const headers = bearer(member.token);
    await call(headers, 'PATCH', '/api/me', { idioma: 'en' });
    const enrol = await call(headers, 'POST', '/api/me/2fa/inscripcion');
    const totp = new TOTP({ secret: Secret.fromBase32(enrol.body.secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const on = await call(headers, 'POST', '/api/me/2fa/activar', { code: totp.generate() });
    expect(on.status).toBe(200);
    expect((await outbox(member.email))[0]).toMatchObject({ subject: 'You turned on two-step verification' });
    expect((await call(headers, 'GET', '/api/me')).body).toMatchObject({ totp: true });
    await call(headers, 'PATCH', '/api/me', { idioma: 'es' });
    expect((await call(headers, 'POST', '/api/me/2fa/desactivar', { code: on.body.recovery_codes[0] })).status).toBe(200);
    expect((await outbox(member.email))[0]).toMatchObject({ subject: 'Se desactivó la verificación en dos pasos' });
  });

  it("the inviter hears in its own language that an invitation was accepted; the invitation itself stays in Spanish", async () => {
    expect((await call(other.headers, 'PATCH', '/api/me', { idioma: 'en' })).status).toBe(200);
    const member = await newMember(other);
    expect((await outbox(member.email)).at(-1)).toMatchObject({ subject: `Invitación a la cuenta ${other.rfc}` });
    const [notice] = await outbox(other.email);
    expect(notice!.subject).toBe(`Rosa Capturista (${member.email}) accepted your invitation to account ${other.rfc}`);
    expect(notice!.text).toContain('Data entry');
  });
});

describe('e-mail change (POST /api/me/email, confirmed from the new address)', () => {
  const linkIn = async (email: string) => /\/confirmar-correo\/(\S+)/.exec((await outbox(email))[0]?.text ?? '')?.[1];

  it('asks the current password and a free address, mails a link to the new one, and only the link changes it', async () => {
    const account = await createAccount(server.baseUrl, { rol: 11 });
    const fresh = `nuevo.${randomInt(1e9)}@ejemplo.mx`;
    const wrong = await call(account.headers, 'POST', '/api/me/email', { email: fresh, actual: 'NoEs#La2026' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('actual');
    const taken = await call(account.headers, 'POST', '/api/me/email', { email: other.email, actual: TEST_PASSWORD });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toHaveProperty('email');

    const asked = await call(account.headers, 'POST', '/api/me/email', { email: fresh.toUpperCase(), actual: TEST_PASSWORD });
    expect(asked.status).toBe(200);
    expect((await call(account.headers, 'GET', '/api/me')).body.email).toBe(account.email);
    const token = await linkIn(fresh);
    expect(token).toBeTruthy();
    // The link is not a session, and a forged one is refused naming the token.
    expect((await call(bearer(token!), 'GET', '/api/me')).status).toBe(401);
    expect((await call({}, 'POST', '/api/me/email/confirmar', { token: `${token!.slice(0, -4)}AAAA` })).status).toBe(422);

    const done = await call({}, 'POST', '/api/me/email/confirmar', { token });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ email: fresh });
    expect((await call(account.headers, 'GET', '/api/me')).body.email).toBe(fresh);
    expect((await login(fresh, TEST_PASSWORD)).status).toBe(200);
    expect((await login(account.email, TEST_PASSWORD)).status).toBe(401);
    expect((await outbox(account.email))[0]).toMatchObject({ subject: 'Tu correo de Facturo cambió' });
  });

  it('a link dies when the password changes in between', async () => {
    const member = await newMember(other);
    const fresh = `otro.${randomInt(1e9)}@ejemplo.mx`;
    expect((await call(bearer(member.token), 'POST', '/api/me/email', { email: fresh, actual: TEST_PASSWORD })).status).toBe(200);
    const token = await linkIn(fresh);
    expect((await call(bearer(member.token), 'POST', '/api/me/password', { actual: TEST_PASSWORD, nueva: NEW_PASSWORD })).status).toBe(200);
    const late = await call({}, 'POST', '/api/me/email/confirmar', { token });
    expect(late.status).toBe(422);
    expect(late.body.errors).toHaveProperty('token');
  });
});
