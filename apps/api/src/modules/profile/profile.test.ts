import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, TEST_PASSWORD, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { expectIsolated } from '../../../test/isolation';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl);
  intruder = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

const call = (account: TestAccount, method: string, path: string, body?: unknown) =>
  callApi(server.baseUrl, account.headers, method, path, body);

const VALID = {
  fullName: 'Juana Pérez Núñez', regimen: '612', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City',
  phone: '5512345678', calle: 'Reforma', numExterior: '222', numInterior: '', colonia: 'Juárez',
};

describe('GET / PUT /api/profile', () => {
  it('gives the profile, or only its address', async () => {
    const { status, body } = await call(owner, 'GET', '/api/profile');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      rfc: owner.rfc, email: owner.email, persona: 'fisica', regimen: '612', img: null,
      address: { cp: '06600', estado: 'CMX', estadoNombre: expect.stringMatching(/Ciudad de M[eé]xico/i), municipio: '015', municipioNombre: expect.any(String) },
    });
    const only = await call(owner, 'GET', '/api/profile?onlyAddress=1');
    expect(Object.keys(only.body)).toEqual(['address']);
    expect(only.body.address).toEqual(body.address);
  });

  it('updates it with catalog-checked data', async () => {
    const { status, body } = await call(owner, 'PUT', '/api/profile', VALID);
    expect(status).toBe(200);
    expect(body).toMatchObject({ phone: '5512345678', address: { calle: 'Reforma', numExterior: '222', numInterior: null, colonia: 'Juárez' } });
    // What GET gives back (nulls) can be sent back as it is.
    const again = await call(owner, 'PUT', '/api/profile', { ...VALID, numInterior: null, phone: null });
    expect(again.status).toBe(200);
    expect(again.body.phone).toBeNull();
    expect((await call(owner, 'PUT', '/api/profile', VALID)).status).toBe(200);
  });

  it.each([
    [{ cp: '00000' }, 'cp', /no existe en el catálogo/],
    [{ cp: '64000' }, 'cp', /pertenece a Nuevo León/],
    [{ regimen: '601' }, 'regimen', /no aplica a una persona física/],
    [{ regimen: '999' }, 'regimen', /no existe/],
    [{ municipio: '999' }, 'municipio', /no pertenece al estado/],
    [{ phone: '55-1234' }, 'phone', /10 dígitos/],
    [{ timeZone: 'Europe/Madrid' }, 'timeZone', /zona horaria/],
    [{ cp: '6600' }, 'cp', /5 dígitos/],
    [{ registroPatronal: 'Y541234510' }, 'registroPatronal', /11 caracteres: una letra y 10 dígitos/],
    [{ registroPatronal: '15412345105' }, 'registroPatronal', /11 caracteres/],
  ])('refuses %j naming the field, and stores nothing', async (patch, field, text) => {
    const before = await call(owner, 'GET', '/api/profile');
    const { status, body } = await call(owner, 'PUT', '/api/profile', { ...VALID, fullName: 'Otro Nombre', ...patch });
    expect(status).toBe(422);
    expect(body.errors[field][0]).toMatch(text);
    expect((await call(owner, 'GET', '/api/profile')).body).toEqual(before.body);
  });
});

describe('registro patronal (issue 18: nomina12:Emisor/@RegistroPatronal)', () => {
  it('starts empty, is stored as IMSS writes it, kept when absent and cleared with null', async () => {
    expect((await call(owner, 'GET', '/api/profile')).body.registroPatronal).toBeNull();
    const saved = await call(owner, 'PUT', '/api/profile', { ...VALID, registroPatronal: 'y54-12345-10-5' });
    expect(saved.status).toBe(200);
    expect(saved.body.registroPatronal).toBe('Y5412345105');
    expect((await call(owner, 'GET', '/api/profile')).body.registroPatronal).toBe('Y5412345105');
    expect((await call(owner, 'PUT', '/api/profile', VALID)).body.registroPatronal).toBe('Y5412345105');
    expect((await call(owner, 'PUT', '/api/profile', { ...VALID, registroPatronal: null })).body.registroPatronal).toBeNull();
    expect((await call(owner, 'PUT', '/api/profile', { ...VALID, registroPatronal: '' })).body.registroPatronal).toBeNull();
    expect((await call(intruder, 'GET', '/api/profile')).body.registroPatronal).toBeNull();
  });
});

describe('POST /api/profile/password', () => {
  it('refuses a wrong current password, weak or unconfirmed new ones', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ current_password: 'Equivocada#1', password: 'Nueva#2026x', password_confirmation: 'Nueva#2026x' }, 'current_password', /actual no es correcta/],
      [{ current_password: TEST_PASSWORD, password: 'corta', password_confirmation: 'corta' }, 'password', /muy corto, quieres ser hackeado/],
      [{ current_password: TEST_PASSWORD, password: 'sinespecial2026A', password_confirmation: 'sinespecial2026A' }, 'password', /carácter especial/],
      [{ current_password: TEST_PASSWORD, password: 'Nueva#2026x', password_confirmation: 'Nueva#2026y' }, 'password_confirmation', /no coinciden/],
    ];
    for (const [body, field, text] of cases) {
      const res = await call(owner, 'POST', '/api/profile/password', body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[field][0]).toMatch(text);
    }
    expect((await call(owner, 'GET', '/api/profile')).status).toBe(200);
  });

  it('changes it, ends other sessions and returns a fresh token', async () => {
    const account = await createAccount(server.baseUrl);
    const res = await call(account, 'POST', '/api/profile/password', { current_password: TEST_PASSWORD, password: 'Nueva#2026x', password_confirmation: 'Nueva#2026x' });
    expect(res.status).toBe(200);
    expect((await call(account, 'GET', '/api/profile')).status).toBe(401);
    const fresh = { ...account, headers: { authorization: `Bearer ${res.body.access_token}` } };
    expect((await call(fresh, 'GET', '/api/profile')).status).toBe(200);
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.rfc, password: 'Nueva#2026x' }),
    });
    expect(login.status).toBe(200);
  });
});

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
const avatarForm = (data: Buffer, name = 'foto.png') => {
  const f = new FormData();
  f.append('avatar', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  return f;
};
const postAvatar = (account: TestAccount, data: Buffer) =>
  fetch(`${server.baseUrl}/api/profile/avatar`, { method: 'POST', headers: account.headers, body: avatarForm(data) });

describe('profile picture', () => {
  it('refuses a 2 MB image (413, field named) and a file that is not an image, storing nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2_000_000)]);
    const res = await postAvatar(owner, big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).errors.avatar[0]).toBe('La imagen de perfil debe pesar como máximo 1 MB');
    const fake = await postAvatar(owner, Buffer.from('%PDF-1.4 no soy imagen'));
    expect(fake.status).toBe(422);
    expect(((await fake.json()) as any).errors.avatar[0]).toMatch(/PNG, JPG o WebP/);
    expect((await call(owner, 'GET', '/api/profile')).body.img).toBeNull();
    expect((await fetch(`${server.baseUrl}/api/profile/avatar`, { headers: owner.headers })).status).toBe(404);
  });

  it('stores a PNG (checked by its bytes) and serves it back to its owner only', async () => {
    const res = await postAvatar(owner, PNG);
    expect(res.status).toBe(200);
    const { img } = (await res.json()) as { img: string };
    expect(img).toMatch(/^\/api\/profile\/avatar\?v=[a-f0-9]{8}$/);
    expect((await call(owner, 'GET', '/api/profile')).body.img).toBe(img);
    const back = await fetch(`${server.baseUrl}${img}`, { headers: owner.headers });
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await back.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${server.baseUrl}${img}`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/profile/avatar`, { headers: intruder.headers })).status).toBe(404);
  });
});

describe('fiscal obligations and economic activities (manual entry)', () => {
  it('adds, lists and deletes an obligation; refuses bad input storing nothing', async () => {
    const bad = await call(owner, 'POST', '/api/profile/obligations', { descripcion: 'x', vencimiento: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.descripcion[0]).toMatch(/muy corta/);
    const badDates = await call(owner, 'POST', '/api/profile/obligations', { descripcion: 'Pago de IVA', vencimiento: 'Día 17', init_date: '2024-05-01', end_date: '2023-01-01' });
    expect(badDates.body.errors.end_date[0]).toMatch(/anterior a la de inicio/);
    expect((await call(owner, 'GET', '/api/profile/obligations')).body.total).toBe(0);

    const created = await call(owner, 'POST', '/api/profile/obligations', { descripcion: 'Pago definitivo mensual de IVA', vencimiento: 'A más tardar el día 17 del mes siguiente', init_date: '2022-01-01' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source: 'manual', init_date: '2022-01-01', end_date: null });
    const list = await call(owner, 'GET', '/api/profile/obligations?page=1&perPage=10');
    expect(list.body).toMatchObject({ total: 1, current_page: 1, per_page: 10, data: [{ id: created.body.id }] });

    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'DELETE', path: `/api/profile/obligations/${created.body.id}` },
      { method: 'GET', path: `/api/profile/obligations?rfc=${owner.rfc}` },
      { method: 'POST', path: '/api/profile/obligations', body: { rfc: owner.rfc, descripcion: 'Intrusa', vencimiento: 'Nunca' } },
    ], async () => {
      expect((await call(owner, 'GET', '/api/profile/obligations')).body.total).toBe(1);
      expect((await call(intruder, 'GET', '/api/profile/obligations')).body.total).toBe(0);
    });

    expect((await call(owner, 'DELETE', `/api/profile/obligations/${created.body.id}`)).status).toBe(200);
    expect((await call(owner, 'GET', '/api/profile/obligations')).body.total).toBe(0);
  });

  it('adds, lists and deletes an activity; refuses bad percentages and dates', async () => {
    for (const [patch, field, text] of [
      [{ percentage: 150 }, 'percentage', /mayor a 100/],
      [{ percentage: 0 }, 'percentage', /al menos 1/],
      [{ init_date: '2024-02-30' }, 'init_date', /no es una fecha válida/],
      [{ init_date: '01/02/2024' }, 'init_date', /AAAA-MM-DD/],
    ] as const) {
      const res = await call(owner, 'POST', '/api/profile/activities', { name: 'Servicios de contabilidad', percentage: 100, init_date: '2020-01-01', ...patch });
      expect(res.status).toBe(422);
      expect(res.body.errors[field][0]).toMatch(text);
    }
    expect((await call(owner, 'GET', '/api/profile/activities')).body.total).toBe(0);
    const created = await call(owner, 'POST', '/api/profile/activities', { name: 'Servicios de contabilidad y auditoría', percentage: '100', init_date: '2020-01-01' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ percentage: 100, init_date: '2020-01-01', end_date: null, source: 'manual' });
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'DELETE', path: `/api/profile/activities/${created.body.id}` },
      { method: 'GET', path: `/api/profile/activities?rfc=${owner.rfc}` },
    ], async () => expect((await call(owner, 'GET', '/api/profile/activities')).body.total).toBe(1));
    expect((await call(owner, 'DELETE', `/api/profile/activities/${created.body.id}`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/api/profile/activities/${created.body.id}`)).status).toBe(404);
  });
});

describe('tenant isolation of the profile itself', () => {
  it('never shows or changes another account', async () => {
    const before = (await call(owner, 'GET', '/api/profile')).body as Profile;
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'GET', path: `/api/profile?rfc=${owner.rfc}` },
      { method: 'GET', path: `/api/profile?onlyAddress=1&rfc=${owner.rfc}` },
      { method: 'PUT', path: '/api/profile', body: { ...VALID, rfc: owner.rfc, fullName: 'Intruso' } },
      { method: 'POST', path: '/api/profile/password', body: { rfc: owner.rfc, current_password: TEST_PASSWORD, password: 'Nueva#2026x', password_confirmation: 'Nueva#2026x' } },
      { method: 'GET', path: `/api/profile/csf?rfc=${owner.rfc}` },
      { method: 'GET', path: `/api/profile/avatar?rfc=${owner.rfc}` },
    ], async () => expect((await call(owner, 'GET', '/api/profile')).body).toEqual(before));
  });
});
