import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, latestCode, randomRfc, TEST_PASSWORD } from '../../../test/accounts';

let server: TestServer;
let base: string;
const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_ATTEMPTS: '3' });
  base = server.baseUrl;
});
afterAll(() => server?.close());

describe('registration → verification → complete information → login', () => {
  it('runs the whole account life cycle of spec §4', async () => {
    const rfc = randomRfc('moral');
    const email = `${rfc.toLowerCase()}@ejemplo.mx`;
    const pre = await fetch(`${base}/api/pre-registro`, json({ rfc: rfc.toLowerCase(), email, password: TEST_PASSWORD }));
    expect(pre.status).toBe(201);

    const code = await latestCode(base, email);
    const verified = await fetch(`${base}/api/verificar-cuenta`, json({ email, code }));
    expect(verified.status).toBe(200);
    const session = (await verified.json()) as any;
    expect(session.user).toMatchObject({ rfc, email, is_confirmed: true, profile_completed: false, rol: 10 });

    // A confirmed but incomplete account cannot reach the app yet.
    const early = await fetch(`${base}/api/background/process`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(early.status).toBe(403);

    const badRegimen = await fetch(`${base}/api/crear-cuenta`, json({
      fullName: 'Ñandú Comercial SA de CV', regimen: '612', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City',
    }, session.access_token));
    expect(badRegimen.status).toBe(422);
    expect(((await badRegimen.json()) as any).errors.regimen[0]).toMatch(/persona moral/);

    const wrongState = await fetch(`${base}/api/crear-cuenta`, json({
      fullName: 'Ñandú Comercial SA de CV', regimen: '601', cp: '06600', estado: 'JAL', municipio: '039', timeZone: 'America/Mexico_City',
    }, session.access_token));
    expect(wrongState.status).toBe(422);
    expect(Object.keys(((await wrongState.json()) as any).errors)).toContain('cp');

    const completed = await fetch(`${base}/api/crear-cuenta`, json({
      fullName: 'Ñandú Comercial SA de CV', regimen: '601', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City',
    }, session.access_token));
    expect(completed.status).toBe(200);
    expect(((await completed.json()) as any).user).toMatchObject({ profile_completed: true, regimen: '601', name: 'Ñandú Comercial SA de CV' });

    const byEmail = await fetch(`${base}/api/login`, json({ username: email, password: TEST_PASSWORD }));
    const byRfc = await fetch(`${base}/api/login`, json({ username: rfc, password: TEST_PASSWORD, remember: true }));
    expect(byEmail.status).toBe(200);
    expect(byRfc.status).toBe(200);
    const body = (await byRfc.json()) as any;
    expect(body.filters).toEqual({ year: expect.any(Number), month: expect.any(Number) });
    const proc = await fetch(`${base}/api/background/process`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(proc.status).toBe(200);
    expect(await proc.json()).toEqual({ data: [] });
  });
});

describe('pre-registration input errors (spec §5, §8)', () => {
  it('validates RFC check digit, password rule and names the fields', async () => {
    const res = await fetch(`${base}/api/pre-registro`, json({ rfc: 'XOJI740919U40', email: 'no-es-correo', password: 'Ab1!' }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as any;
    expect(body.errors.rfc[0]).toBe('El dígito verificador del RFC no es correcto');
    expect(body.errors.email[0]).toMatch(/correo/);
    expect(body.errors.password[0]).toBe('La contraseña es muy corto, quieres ser hackeado?');
  });

  it('accepts the SAT sample RFCs and refuses duplicates naming rfc and email', async () => {
    const first = await fetch(`${base}/api/pre-registro`, json({ rfc: 'XOJI740919U48', email: 'xoji@ejemplo.mx', password: TEST_PASSWORD }));
    expect(first.status).toBe(201);
    const again = await fetch(`${base}/api/pre-registro`, json({ rfc: 'XOJI740919U48', email: 'XOJI@ejemplo.mx', password: TEST_PASSWORD }));
    expect(again.status).toBe(422);
    const body = (await again.json()) as any;
    expect(body.errors.rfc).toBeDefined();
    expect(body.errors.email).toBeDefined();
  });

  it('answers a malformed body with 400/422, never 500', async () => {
    const notJson = await fetch(`${base}/api/pre-registro`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"rfc":' });
    expect(notJson.status).toBe(400);
    const wrongTypes = await fetch(`${base}/api/login`, json({ username: 5, password: [] }));
    expect(wrongTypes.status).toBe(422);
    expect(((await wrongTypes.json()) as any).message).toBeTypeOf('string');
  });
});

describe('verification codes', () => {
  it('refuses wrong codes and locks after five (429)', async () => {
    const rfc = randomRfc();
    const email = `${rfc.toLowerCase()}@ejemplo.mx`;
    await fetch(`${base}/api/pre-registro`, json({ rfc, email, password: TEST_PASSWORD }));
    const good = await latestCode(base, email);
    const wrong = good === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${base}/api/verificar-cuenta`, json({ email, code: wrong }))).status);
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
    // Even the right code is refused until a new one is requested.
    expect((await fetch(`${base}/api/verificar-cuenta`, json({ email, code: good }))).status).toBe(429);
    await fetch(`${base}/api/verificar-cuenta/reenviar`, json({ email }));
    const fresh = await latestCode(base, email);
    expect((await fetch(`${base}/api/verificar-cuenta`, json({ email, code: fresh }))).status).toBe(200);
  });
});

describe('login, logout and password reset', () => {
  it('401 in Spanish for a wrong password, 429 after repeated failures', async () => {
    const account = await createAccount(base);
    const bad = await fetch(`${base}/api/login`, json({ username: account.rfc, password: 'Incorrecta#1' }));
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as any).message).toBe('El RFC, correo o contraseña son incorrectos');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${base}/api/login`, json({ username: account.rfc, password: 'Incorrecta#1' }))).status);
    expect(statuses.at(-1)).toBe(429);
    const body = (await (await fetch(`${base}/api/login`, json({ username: account.rfc, password: account.password }))).json()) as any;
    expect(body.message).toMatch(/Demasiados intentos/);
  });

  it('logout invalidates the token', async () => {
    const account = await createAccount(base);
    expect((await fetch(`${base}/api/logout`, { method: 'POST', headers: account.headers })).status).toBe(200);
    expect((await fetch(`${base}/api/background/process`, { headers: account.headers })).status).toBe(401);
  });

  it('resets the password with an e-mailed code', async () => {
    const account = await createAccount(base);
    const sent = await fetch(`${base}/api/sendCodigoCambiarPassword`, json({ email: account.email }));
    expect(sent.status).toBe(200);
    const unknown = await fetch(`${base}/api/sendCodigoCambiarPassword`, json({ email: 'nadie@ejemplo.mx' }));
    expect(((await unknown.json()) as any).message).toBe(((await sent.json()) as any).message);
    const code = await latestCode(base, account.email);
    const mismatch = await fetch(`${base}/api/resetPassword`, json({ email: account.email, code, password: 'NuevaClave#9', password_confirmation: 'Otra#9aaaa' }));
    expect(mismatch.status).toBe(422);
    expect(((await mismatch.json()) as any).errors.password_confirmation).toBeDefined();
    const ok = await fetch(`${base}/api/resetPassword`, json({ email: account.email, code, password: 'NuevaClave#9', password_confirmation: 'NuevaClave#9' }));
    expect(ok.status).toBe(200);
    expect((await fetch(`${base}/api/login`, json({ username: account.email, password: 'NuevaClave#9' }))).status).toBe(200);
    // The old session token is revoked by the reset.
    expect((await fetch(`${base}/api/background/process`, { headers: account.headers })).status).toBe(401);
  });
});

describe('registration catalogs', () => {
  it('lists estados, regímenes and time zones; municipios by estado', async () => {
    const cat = (await (await fetch(`${base}/api/crear-cuenta/catalogs`)).json()) as any;
    expect(cat.estados).toHaveLength(32);
    expect(cat.regimen.find((r: any) => r.clave === '601')).toMatchObject({ moral: true, fisica: false });
    expect(cat.timeZones.length).toBeGreaterThan(3);
    const mun = (await (await fetch(`${base}/api/crear-cuenta/municipios/CMX`)).json()) as any;
    expect(mun.municipios.find((m: any) => m.clave === '015').nombre).toMatch(/Cuauht/);
  });
});
