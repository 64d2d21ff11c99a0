import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomInt } from 'node:crypto';
import { roleAllows, routePath, routes, requiredRole, MEMBER_ROLES, type MemberRole, type RouteDef } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, TEST_PASSWORD, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { listen, until } from '../../../test/live';
import { Secret, TOTP } from 'otpauth';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let server: TestServer;
let owner: TestAccount;
let other: TestAccount;
let accountant: TestAccount;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (headers: Record<string, string>, method: string, path: string, body?: unknown) => callApi(server.baseUrl, headers, method, path, body);

/** The invitation token of the newest invitation e-mail sent to `email` (through the dev outbox). */
async function invitationToken(email: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { data: { text: string }[] };
  const match = /\/invitacion\/([^\s]+)/.exec(body.data[0]?.text ?? '');
  if (!match) throw new Error(`sin invitación para ${email}`);
  return match[1]!;
}

/** The owner invites `email` with `rol`; the person (new) registers from the link: its person-scoped token. */
async function newMember(rol: MemberRole): Promise<{ email: string; token: string }> {
  const email = `miembro.${randomInt(1e9)}@ejemplo.mx`;
  const invited = await call(owner.headers, 'POST', '/api/cuenta/miembros', { email, rol });
  expect(invited.status).toBe(201);
  const token = await invitationToken(email);
  const reg = await call({}, 'POST', `/api/invitaciones/${token}/registro`, { nombre: 'Persona Miembro', password: TEST_PASSWORD });
  expect(reg.status).toBe(201);
  expect(reg.body).toMatchObject({ rfc: owner.rfc, rol });
  return { email, token: reg.body.access_token };
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, accountant] = await Promise.all([
    createAccount(server.baseUrl, { rol: 11 }), createAccount(server.baseUrl, { rol: 11 }), createAccount(server.baseUrl, { rol: 11 }),
  ]);
});
afterAll(() => server?.close());

describe('people and accounts (issue 26 §1)', () => {
  it('an existing account is a person who owns one account: its own login token still works, and lists one account', async () => {
    const me = await call(owner.headers, 'GET', '/api/me/cuentas');
    expect(me.status).toBe(200);
    expect(me.body).toEqual([expect.objectContaining({ rfc: owner.rfc, rol: 'duenio' })]);
    const session = await call(owner.headers, 'GET', '/api/user');
    expect(session.body.user.rfc).toBe(owner.rfc);
  });

  it('an accountant with an account of its own accepts an invitation and switches between the two RFCs', async () => {
    const invited = await call(owner.headers, 'POST', '/api/cuenta/miembros', { email: accountant.email, rol: 'contador' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: accountant.email, rol: 'contador', estado: 'invitado' });
    const token = await invitationToken(accountant.email);
    const info = await call({}, 'GET', `/api/invitaciones/${token}`);
    expect(info.body).toMatchObject({ rfc: owner.rfc, rol: 'contador', registrado: true });

    const accepted = await call(accountant.headers, 'POST', `/api/invitaciones/${token}/aceptar`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ rfc: owner.rfc, rol: 'contador' });
    // Single use.
    expect((await call(accountant.headers, 'POST', `/api/invitaciones/${token}/aceptar`)).status).toBe(404);

    const accounts = await call(accountant.headers, 'GET', '/api/me/cuentas');
    expect(accounts.body.map((a: { rfc: string; rol: string }) => `${a.rfc}:${a.rol}`).sort())
      .toEqual([`${accountant.rfc}:duenio`, `${owner.rfc}:contador`].sort());

    const switched = await call(accountant.headers, 'POST', '/api/me/cuenta', { rfc: owner.rfc });
    expect(switched.status).toBe(200);
    const inOwner = bearer(switched.body.access_token);
    const session = await call(inOwner, 'GET', '/api/user');
    expect(session.body.user.rfc).toBe(owner.rfc);
    // The session refresh keeps the person: still a contador, never the owner's own token.
    const refreshed = bearer(session.body.access_token);
    expect((await call(refreshed, 'GET', '/api/cuenta/miembros')).status).toBe(403);
    expect((await call(inOwner, 'GET', '/api/clients')).status).toBe(200);
    // Back to its own account, and never into one it does not belong to.
    const back = await call(inOwner, 'POST', '/api/me/cuenta', { rfc: accountant.rfc });
    expect(back.status).toBe(200);
    expect((await call(bearer(back.body.access_token), 'GET', '/api/cuenta/miembros')).status).toBe(200);
    const refused = await call(inOwner, 'POST', '/api/me/cuenta', { rfc: other.rfc });
    expect(refused.status).toBe(403);
  });

  it('a new person registers from the link, then signs in with its e-mail into the account it was invited to', async () => {
    const { email } = await newMember('capturista');
    const login = await call({}, 'POST', '/api/login', { username: email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.rfc).toBe(owner.rfc);
    const wrong = await call({}, 'POST', '/api/login', { username: email, password: 'Otra#Clave2026' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('El RFC, correo o contraseña son incorrectos');
    // Its e-mail is taken: registering a new account with it names the field.
    const taken = await call({}, 'POST', '/api/pre-registro', { rfc: 'GODE561231GR8', email, password: TEST_PASSWORD });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['Ya existe una cuenta con este correo electrónico']);
  });
});

describe('roles (issue 26 §2)', () => {
  it('a capturista creates customers but is refused cancellation, members and credentials with a Spanish 403', async () => {
    const { token } = await newMember('capturista');
    const h = bearer(token);
    const created = await call(h, 'POST', '/api/clients', {
      rfc: 'XAXX010101000', r_social: 'PUBLICO EN GENERAL', email: ['a@ejemplo.mx'], regimen: '616', uso_cfdi: 'S01', domicilio: { cp: '06600' }, state: 'CMX', municipality: '015',
    });
    expect(created.status).not.toBe(403);
    const cancel = await call(h, 'POST', '/api/incomes/cancel', { uuid: '00000000-0000-4000-8000-000000000000', motivo: '02' });
    expect(cancel.status).toBe(403);
    expect(cancel.body.message).toMatch(/Tu rol en esta cuenta \(Capturista\) no permite/);
    expect((await call(h, 'GET', '/api/cuenta/miembros')).status).toBe(403);
    expect((await call(h, 'POST', '/api/timbres', { cantidad: 100 })).status).toBe(403);
  });

  it('a role change and a removal take effect on the next request', async () => {
    const { email, token } = await newMember('capturista');
    const h = bearer(token);
    const members = await call(owner.headers, 'GET', '/api/cuenta/miembros');
    const member = members.body.find((m: { email: string; estado: string }) => m.email === email && m.estado === 'activo');
    expect(member).toBeTruthy();
    const patched = await call(owner.headers, 'PATCH', `/api/cuenta/miembros/${member.id}`, { rol: 'lectura' });
    expect(patched.status).toBe(200);
    expect((await call(h, 'POST', '/api/products', {})).status).toBe(403);
    expect((await call(h, 'GET', '/api/clients')).status).toBe(200);
    // Its live channel to the account is open until the owner removes it.
    const live = await listen(server.baseUrl, token);
    expect(live.socket.connected).toBe(true);
    const removed = await call(owner.headers, 'DELETE', `/api/cuenta/miembros/${member.id}`);
    expect(removed.status).toBe(200);
    await until(() => !live.socket.connected);
    live.socket.close();
    await expect(listen(server.baseUrl, token)).rejects.toThrow();
    const after = await call(h, 'GET', '/api/clients');
    expect(after.status).toBe(403);
    expect(after.body.message).toBe('Ya no eres miembro de esta cuenta');
  });

  it('the owner cannot remove or demote itself; another account cannot touch this account\'s members', async () => {
    const members = await call(owner.headers, 'GET', '/api/cuenta/miembros');
    const me = members.body.find((m: { yo: boolean }) => m.yo);
    expect((await call(owner.headers, 'DELETE', `/api/cuenta/miembros/${me.id}`)).status).toBe(422);
    expect((await call(owner.headers, 'PATCH', `/api/cuenta/miembros/${me.id}`, { rol: 'lectura' })).status).toBe(422);
    expect((await call(other.headers, 'DELETE', `/api/cuenta/miembros/${me.id}`)).status).toBe(404);
    expect((await call(other.headers, 'PATCH', `/api/cuenta/miembros/${me.id}`, { rol: 'lectura' })).status).toBe(404);
  });

  it('every private route of the table refuses, with the role message, each role below the one it needs (matrix)', async () => {
    const tokens: Partial<Record<MemberRole, Record<string, string>>> = { duenio: owner.headers };
    for (const rol of ['lectura', 'capturista', 'contador'] as const) tokens[rol] = bearer((await newMember(rol)).token);
    let refusals = 0;
    for (const [name, def] of Object.entries(routes as Record<string, RouteDef>)) {
      if (def.access.public || def.access.admin) continue;
      const needed = requiredRole(name, def);
      const params = Object.fromEntries([...def.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1]!, '1']));
      for (const rol of MEMBER_ROLES) {
        if (roleAllows(rol, needed)) continue;
        const res = await call(tokens[rol]!, def.method, routePath(def.path, params), def.method === 'GET' || def.method === 'DELETE' ? undefined : {});
        expect.soft(res.status, `${name} como ${rol}`).toBe(403);
        expect.soft(res.body?.message, `${name} como ${rol}`).toMatch(/^Tu rol en esta cuenta/);
        refusals++;
      }
    }
    console.log(`[roles] ${refusals} combinaciones ruta × rol rechazadas con 403`);
    expect(refusals).toBeGreaterThan(100);
  });
});

describe('activity log (issue 26 §6)', () => {
  it('a contador member uploading the CIEC leaves a line naming that person, and never the secret', async () => {
    const { email, token } = await newMember('contador');
    const started = await call(bearer(token), 'POST', '/api/ciec/process', { ciec: 'Secreta#CIEC1' });
    expect(started.status).toBe(202);
    // The line is written once the answer has gone out.
    let log = await call(owner.headers, 'GET', '/api/cuenta/actividad?accion=subio_credencial');
    for (let i = 0; i < 50 && log.body.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      log = await call(owner.headers, 'GET', '/api/cuenta/actividad?accion=subio_credencial');
    }
    expect(log.body).toEqual([expect.objectContaining({ quien: email, accion: 'subio_credencial' })]);
    expect(JSON.stringify(log.body)).not.toContain('Secreta#CIEC1');
  });

  it('records member changes with who and from where; nothing in the app edits it', async () => {
    const log = await call(owner.headers, 'GET', '/api/cuenta/actividad');
    expect(log.status).toBe(200);
    expect(log.body.length).toBeGreaterThan(2);
    expect(log.body.find((r: { accion: string }) => r.accion === 'cambio_miembro')).toMatchObject({ ip: expect.any(String) });
    expect(log.body.some((r: { quien: string; detalle: string }) => r.quien === accountant.email && /Aceptó/.test(r.detalle))).toBe(true);
    const { db } = server.runtime.ctx;
    await expect(db.execute('UPDATE activity_log SET detalle = \'x\'' as never)).rejects.toThrow();
    await expect(db.execute('DELETE FROM activity_log' as never)).rejects.toThrow();
    const future = await call(owner.headers, 'GET', '/api/cuenta/actividad?desde=2099-01-01');
    expect(future.body).toEqual([]);
  });
});

describe('the board (issue 26 §5)', () => {
  it('lists one row per account of the person with its role and plan', async () => {
    const board = await call(accountant.headers, 'GET', '/api/despacho');
    expect(board.status).toBe(200);
    expect(board.body.total).toBe(2);
    expect(board.body.data.map((r: { rfc: string }) => r.rfc).sort()).toEqual([accountant.rfc, owner.rfc].sort());
    expect(board.body.data[0]).toMatchObject({ declaracion: { estado: 'pendiente' }, diot: { estado: 'pendiente' }, plan: expect.any(String) });
  });
});

describe('two-factor sign-in (issue 26 §7)', () => {
  it('enrols with a QR, asks the code after the password, accepts a recovery code once', async () => {
    const person = await createAccount(server.baseUrl);
    const enrol = await call(person.headers, 'POST', '/api/me/2fa/inscripcion');
    expect(enrol.status).toBe(200);
    expect(enrol.body.qr).toMatch(/^data:image\/png;base64,/);
    expect(enrol.body.otpauth_url).toContain('period=30');
    const totp = new TOTP({ secret: Secret.fromBase32(enrol.body.secret), digits: 6, period: 30, algorithm: 'SHA1' });
    expect((await call(person.headers, 'POST', '/api/me/2fa/activar', { code: '000000' === totp.generate() ? '111111' : '000000' })).status).toBe(422);
    const activated = await call(person.headers, 'POST', '/api/me/2fa/activar', { code: totp.generate() });
    expect(activated.status).toBe(200);
    expect(activated.body.recovery_codes).toHaveLength(10);

    const login = (extra: Record<string, string> = {}) => call({}, 'POST', '/api/login', { username: person.rfc, password: TEST_PASSWORD, ...extra });
    const asked = await login();
    expect(asked.status).toBe(401);
    expect(Object.keys(asked.body.errors)).toEqual(['code']);
    expect((await login({ code: totp.generate() === '123456' ? '654321' : '123456' })).status).toBe(401);
    // The activation spent the current time-step: the same code is refused, the next step's is accepted once.
    const used = await login({ code: totp.generate() });
    expect(used.status).toBe(401);
    expect(used.body.errors.code).toEqual(['El código de verificación no es válido']);
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const ok = await login({ code: next });
    expect(ok.status).toBe(200);
    expect(ok.body.user.rfc).toBe(person.rfc);
    expect((await login({ code: next })).status).toBe(401);
    const recovery = activated.body.recovery_codes[0];
    expect((await login({ code: recovery })).status).toBe(200);
    expect((await login({ code: recovery })).status).toBe(401);
  });

  it('turns off with a recovery code (never with a spent one) and enrols again with a new secret', async () => {
    const person = await createAccount(server.baseUrl);
    const enrol = await call(person.headers, 'POST', '/api/me/2fa/inscripcion');
    const totp = new TOTP({ secret: Secret.fromBase32(enrol.body.secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const activated = await call(person.headers, 'POST', '/api/me/2fa/activar', { code: totp.generate() });
    expect(activated.status).toBe(200);
    expect((await call(person.headers, 'GET', '/api/me/2fa')).body).toEqual({ activo: true, codigos_restantes: 10 });
    // A second enrolment while active is refused naming the field; so is turning off with a bad or reused code.
    expect((await call(person.headers, 'POST', '/api/me/2fa/inscripcion')).status).toBe(422);
    const reused = await call(person.headers, 'POST', '/api/me/2fa/desactivar', { code: totp.generate() });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.code).toEqual(['El código no es válido o ya se usó']);
    const off = await call(person.headers, 'POST', '/api/me/2fa/desactivar', { code: activated.body.recovery_codes[3] });
    expect(off.status).toBe(200);
    expect((await call(person.headers, 'GET', '/api/me/2fa')).body).toEqual({ activo: false, codigos_restantes: 0 });
    expect((await call({}, 'POST', '/api/login', { username: person.rfc, password: TEST_PASSWORD })).status).toBe(200);

    const again = await call(person.headers, 'POST', '/api/me/2fa/inscripcion');
    expect(again.body.secret).not.toBe(enrol.body.secret);
    const totp2 = new TOTP({ secret: Secret.fromBase32(again.body.secret), digits: 6, period: 30, algorithm: 'SHA1' });
    expect((await call(person.headers, 'POST', '/api/me/2fa/activar', { code: totp2.generate() })).status).toBe(200);
    // Turning off with a current (unused) code works too.
    const off2 = await call(person.headers, 'POST', '/api/me/2fa/desactivar', { code: totp2.generate({ timestamp: Date.now() + 30_000 }) });
    expect(off2.status).toBe(200);
  });

  it('an owner requires two-factor: a member without it is sent to enrol (403 naming the path), then works', async () => {
    const policy = await call(owner.headers, 'PUT', '/api/cuenta/2fa', { requerido: true });
    expect(policy.status).toBe(200);
    expect(policy.body.requerido).toBe(true);
    try {
      const { email, token } = await newMember('capturista');
      const member = bearer(token);
      expect((await call(owner.headers, 'GET', '/api/cuenta/2fa')).body.miembros_sin_2fa).toBeGreaterThan(0);
      // Only an owner sets the policy.
      expect((await call(member, 'PUT', '/api/cuenta/2fa', { requerido: false })).status).toBe(403);

      const held = await call(member, 'GET', '/api/clients');
      expect(held.status).toBe(403);
      expect(held.body).toMatchObject({ code: 'dos_pasos_requerido', enrolar: '/cuenta/seguridad' });
      expect(held.body.message).toMatch(/exige verificación en dos pasos/);
      // Signing in lands in the account with the same answer on its routes; the enrolment stays reachable.
      const login = await call({}, 'POST', '/api/login', { username: email, password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      expect((await call(bearer(login.body.access_token), 'GET', '/api/clients')).status).toBe(403);
      expect((await call(member, 'GET', '/api/me/cuentas')).status).toBe(200);
      const enrol = await call(member, 'POST', '/api/me/2fa/inscripcion');
      expect(enrol.status).toBe(200);
      const totp = new TOTP({ secret: Secret.fromBase32(enrol.body.secret), digits: 6, period: 30, algorithm: 'SHA1' });
      expect((await call(member, 'POST', '/api/me/2fa/activar', { code: totp.generate() })).status).toBe(200);
      expect((await call(member, 'GET', '/api/clients')).status).toBe(200);

      // Switching into the account is refused the same way for the accountant (contador, no second factor)...
      const accountantIn = await call(accountant.headers, 'POST', '/api/me/cuenta', { rfc: owner.rfc });
      expect(accountantIn.status).toBe(403);
      expect(accountantIn.body.enrolar).toBe('/cuenta/seguridad');
      // ...while the owner itself, who sets the policy, is never held by it.
      expect((await call(owner.headers, 'GET', '/api/clients')).status).toBe(200);
      const activity = await call(owner.headers, 'GET', '/api/cuenta/actividad');
      expect(JSON.stringify(activity.body)).toContain('Exigió la verificación en dos pasos a los miembros');
    } finally {
      expect((await call(owner.headers, 'PUT', '/api/cuenta/2fa', { requerido: false })).status).toBe(200);
    }
    expect((await call(accountant.headers, 'POST', '/api/me/cuenta', { rfc: owner.rfc })).status).toBe(200);
  });
});
