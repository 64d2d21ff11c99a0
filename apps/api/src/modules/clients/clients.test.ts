import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, randomRfc, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { expectIsolated } from '../../../test/isolation';
import { linkDocumentToCustomer } from './clients.repository';
import { csfLinesFisica, csfLinesMoral, textPdf } from './text-pdf.test-support';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;

const call = (account: TestAccount, method: string, path: string, body?: unknown) =>
  callApi(server.baseUrl, account.headers, method, path, body);

/** A persona moral in Cuauhtémoc, CDMX (CP 06600), régimen 601, uso G03. */
const moral = (over: Record<string, unknown> = {}) => ({
  rfc: randomRfc('moral'), r_social: 'Ñandú Comercial', email: ['pagos@nandu.mx', 'conta@nandu.mx'], regimen: '601', uso_cfdi: 'G03',
  domicilio: { cp: '06600' }, state: 'CMX', municipality: '015', ...over,
});

async function total(account: TestAccount, search = ''): Promise<number> {
  return (await call(account, 'GET', `/api/clients?search=${encodeURIComponent(search)}`)).body.total;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, intruder] = await Promise.all([createAccount(server.baseUrl), createAccount(server.baseUrl)]);
});
afterAll(() => server?.close());

describe('customers: create, list, edit, delete (spec §7.9)', () => {
  it('creates a customer whose estado and municipio come from the CP and shows it as "rfc - r_social"', async () => {
    const input = moral({ state: null, municipality: null, domicilio: { cp: '44100' } });
    const created = await call(owner, 'POST', '/api/clients', input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      rfc: input.rfc, r_social: 'Ñandú Comercial', persona: 'moral', regimen: '601', regimen_descripcion: 'General de Ley Personas Morales',
      uso_cfdi: 'G03', domicilio: { cp: '44100' }, state: 'JAL', state_name: 'Jalisco', municipality: '039', pais: 'MEX',
      email: ['pagos@nandu.mx', 'conta@nandu.mx'], display: `${input.rfc} - Ñandú Comercial`,
    });
    const edit = await call(owner, 'GET', `/api/clients/${created.body.id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.body).toEqual(created.body);
  });

  it('lists with search over RFC and razón social (accents and case ignored) and pagination', async () => {
    const account = await createAccount(server.baseUrl);
    // Names chosen so PostgreSQL's and PGlite's collations agree on the first page.
    const names = ['Ómega Papelería', 'Zeta Servicios', 'Ñoño Ferretería', 'Beta Consultores', 'Acme Transportes'];
    for (const r_social of names) expect((await call(account, 'POST', '/api/clients', moral({ r_social }))).status).toBe(201);
    const page1 = await call(account, 'GET', '/api/clients?page=1&perPage=2');
    expect(page1.body).toMatchObject({ total: 5, current_page: 1, per_page: 2 });
    expect(page1.body.data.map((c: any) => c.r_social)).toEqual(['Acme Transportes', 'Beta Consultores']);
    const page3 = await call(account, 'GET', '/api/clients?page=3&perPage=2');
    expect(page3.body.data).toHaveLength(1);
    expect((await call(account, 'GET', '/api/clients?search=OMEGA')).body.data.map((c: any) => c.r_social)).toEqual(['Ómega Papelería']);
    expect(await total(account, 'papelería')).toBe(1);
    expect(await total(account, 'ñoño')).toBe(1);
    expect(await total(account, 'nono')).toBe(1);
    const one = page1.body.data[0];
    expect(await total(account, one.rfc.slice(0, 8).toLowerCase())).toBeGreaterThanOrEqual(1);
    expect(await total(account, '100%_')).toBe(0);
  });

  it('updates with PUT and the CFDI 4.0 data with PATCH v4', async () => {
    const { body: c } = await call(owner, 'POST', '/api/clients', moral());
    const put = await call(owner, 'PUT', `/api/clients/${c.id}`, moral({ rfc: c.rfc, r_social: 'Ñandú Comercial Norte', email: [] }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: c.id, r_social: 'Ñandú Comercial Norte', email: [] });

    const patch = await call(owner, 'PATCH', `/api/clients/${c.id}/v4`, { cp: '64000', regimen: '603', uso_cfdi: 'g01', r_social: 'NANDU COMERCIAL' });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ domicilio: { cp: '64000' }, state: 'NLE', regimen: '603', uso_cfdi: 'G01', r_social: 'NANDU COMERCIAL' });

    const badPatch = await call(owner, 'PATCH', `/api/clients/${c.id}/v4`, { regimen: '605' });
    expect(badPatch.status).toBe(422);
    expect(badPatch.body.errors.regimen[0]).toMatch(/persona moral/);
    const empty = await call(owner, 'PATCH', `/api/clients/${c.id}/v4`, {});
    expect(empty.status).toBe(422);
    expect((await call(owner, 'GET', `/api/clients/${c.id}/edit`)).body.regimen).toBe('603');
  });

  it('flags what a customer lacks for CFDI 4.0 (v4_missing) until PATCH v4 completes it', async () => {
    const complete = await call(owner, 'POST', '/api/clients', moral());
    expect(complete.body.v4_missing).toEqual([]);
    const { body: c } = await call(owner, 'POST', '/api/clients', moral({ r_social: 'ÑANDÚ COMERCIAL, S.A. de C.V.' }));
    expect(c.v4_missing).toEqual([{
      field: 'r_social', suggestion: 'ÑANDÚ COMERCIAL',
      message: 'En CFDI 4.0 la razón social va sin el régimen capital (S.A. de C.V.), como en su constancia: ÑANDÚ COMERCIAL',
    }]);
    // A customer saved before the 4.0 data was required: no CP, and an uso its régimen no longer allows.
    await server.runtime.ctx.database.query('UPDATE clients SET cp = NULL, uso_cfdi = $2 WHERE id = $1', [c.id, 'D01']);
    const listed = (await call(owner, 'GET', `/api/clients?search=${encodeURIComponent(c.rfc)}`)).body.data[0];
    expect(listed.v4_missing.map((g: { field: string }) => g.field).sort()).toEqual(['cp', 'r_social', 'uso_cfdi']);
    expect(listed.v4_missing.find((g: { field: string }) => g.field === 'uso_cfdi').message).toMatch(/D01 no es compatible con el régimen 601/);

    // PATCH judges the whole receptor: the name alone does not pass while the uso is still wrong.
    const partial = await call(owner, 'PATCH', `/api/clients/${c.id}/v4`, { r_social: 'ÑANDÚ COMERCIAL' });
    expect(partial.status).toBe(422);
    expect(Object.keys(partial.body.errors)).toEqual(['uso_cfdi']);
    const done = await call(owner, 'PATCH', `/api/clients/${c.id}/v4`, { r_social: 'ÑANDÚ COMERCIAL', cp: '06600', uso_cfdi: 'G03' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ v4_missing: [], r_social: 'ÑANDÚ COMERCIAL', domicilio: { cp: '06600' }, state: 'CMX' });
    // A persona física's name is never judged for a régimen capital.
    const fisica = await call(owner, 'POST', '/api/clients', moral({ rfc: randomRfc('fisica'), r_social: 'JUAN PEREZ SA', regimen: '612' }));
    expect(fisica.body.v4_missing).toEqual([]);
  });

  it('deletes a customer, but not one with issued invoices (clear message)', async () => {
    const { body: a } = await call(owner, 'POST', '/api/clients', moral());
    const { body: b } = await call(owner, 'POST', '/api/clients', moral());
    expect((await call(owner, 'DELETE', `/api/clients/${a.id}`)).status).toBe(200);
    expect((await call(owner, 'GET', `/api/clients/${a.id}/edit`)).status).toBe(404);

    // client_documents is where the invoicing module records what it issued to a customer.
    await linkDocumentToCustomer(server.runtime.ctx.db, (await userId(owner)), b.id, '6F9B1E2A-0C1D-4E5F-8A9B-0C1D2E3F4A5B');
    const refused = await call(owner, 'DELETE', `/api/clients/${b.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`No puedes eliminar a ${b.rfc} - Ñandú Comercial: tiene 1 factura emitida`);
    expect((await call(owner, 'GET', `/api/clients/${b.id}/edit`)).status).toBe(200);
  });
});

async function userId(account: TestAccount): Promise<number> {
  const rows = await server.runtime.ctx.database.query<{ id: number }>('SELECT id FROM users WHERE rfc = $1', [account.rfc]);
  return rows.rows[0]!.id;
}

describe('customers: bad input → Spanish message naming the field, 4xx, nothing stored', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['wrong RFC check digit', { rfc: `${withCheckDigit('ABC850101AB').slice(0, 11)}${withCheckDigit('ABC850101AB').endsWith('1') ? '2' : '1'}` }, 'rfc', /dígito verificador/],
    ['RFC with a bad format', { rfc: 'ABC-123' }, 'rfc', /formato/],
    ['CP not in the catalog', { domicilio: { cp: '00001' } }, 'domicilio.cp', /no existe en el catálogo/],
    ['CP not matching the estado', { domicilio: { cp: '44100' }, state: 'CMX', municipality: null }, 'domicilio.cp', /Jalisco/],
    ['CP of another municipio', { domicilio: { cp: '06600' }, state: 'CMX', municipality: '002' }, 'municipality', /Cuauhtémoc/],
    ['régimen not for a persona moral', { regimen: '612' }, 'regimen', /persona moral/],
    ['régimen not in the catalog', { regimen: '999' }, 'regimen', /no existe/],
    ['uso CFDI not for the régimen', { uso_cfdi: 'D01' }, 'uso_cfdi', /no es compatible/],
    ['missing razón social', { r_social: '  ' }, 'r_social', /obligatoria/],
    ['bad e-mail', { email: ['no-es-correo'] }, 'email.0', /correo/],
    ['missing CP', { domicilio: { cp: null } }, 'domicilio.cp', /obligatorio/],
    ['público en general with another régimen', { rfc: 'XAXX010101000', regimen: '601' }, 'regimen', /616/],
    ['público en general with another uso', { rfc: 'XAXX010101000', regimen: '616', uso_cfdi: 'G03' }, 'uso_cfdi', /S01/],
    ['foreign customer without país', { rfc: 'XEXX010101000', regimen: '616', uso_cfdi: 'S01', num_reg_id_trib: '123456789' }, 'pais', /país/],
    ['foreign customer without NumRegIdTrib', { rfc: 'XEXX010101000', regimen: '616', uso_cfdi: 'S01', pais: 'USA' }, 'num_reg_id_trib', /obligatorio/],
    ['foreign NumRegIdTrib in the wrong format', { rfc: 'XEXX010101000', regimen: '616', uso_cfdi: 'S01', pais: 'USA', num_reg_id_trib: 'AB12' }, 'num_reg_id_trib', /formato/],
  ];
  it.each(cases)('%s', async (_name, over, field, message) => {
    const before = await total(owner);
    const res = await call(owner, 'POST', '/api/clients', moral(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]?.[0], JSON.stringify(res.body)).toMatch(message);
    expect(await total(owner)).toBe(before);
  });

  it('refuses a duplicate RFC for the same tenant (not for another tenant)', async () => {
    const input = moral();
    expect((await call(owner, 'POST', '/api/clients', input)).status).toBe(201);
    const before = await total(owner);
    const dup = await call(owner, 'POST', '/api/clients', { ...input, rfc: input.rfc.toLowerCase(), r_social: 'Otra' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.rfc[0]).toMatch(/Ya tienes un cliente con el RFC/);
    expect(await total(owner)).toBe(before);
    expect((await call(intruder, 'POST', '/api/clients', input)).status).toBe(201);

    const { body: other } = await call(owner, 'POST', '/api/clients', moral());
    const putDup = await call(owner, 'PUT', `/api/clients/${other.id}`, moral({ rfc: input.rfc }));
    expect(putDup.status).toBe(422);
    expect(putDup.body.errors.rfc).toBeDefined();
    expect((await call(owner, 'GET', `/api/clients/${other.id}/edit`)).body.rfc).toBe(other.rfc);
  });

  it('accepts the generic RFCs with their rules', async () => {
    const pg = await call(owner, 'POST', '/api/clients', moral({ rfc: 'XAXX010101000', r_social: 'PUBLICO EN GENERAL', regimen: '616', uso_cfdi: 'S01', domicilio: { cp: null }, state: null, municipality: null }));
    expect(pg.status).toBe(201);
    expect(pg.body).toMatchObject({ persona: 'fisica', regimen: '616', uso_cfdi: 'S01' });
    const foreign = (num: string) => moral({ rfc: 'XEXX010101000', r_social: 'ACME INC', regimen: '616', uso_cfdi: 'S01', pais: 'usa', num_reg_id_trib: num, domicilio: { cp: null }, state: null, municipality: null });
    const f1 = await call(owner, 'POST', '/api/clients', foreign('123456789'));
    expect(f1.status).toBe(201);
    expect(f1.body).toMatchObject({ pais: 'USA', num_reg_id_trib: '123456789' });
    expect((await call(owner, 'POST', '/api/clients', foreign('987654321'))).status).toBe(201);
    const dup = await call(owner, 'POST', '/api/clients', foreign('123456789'));
    expect(dup.status).toBe(422);
    expect(dup.body.errors.num_reg_id_trib[0]).toMatch(/registro tributario/);
  });
});

describe('customer catalogs', () => {
  it('states, municipalities/{stateId} and tax regimes', async () => {
    const states = await call(owner, 'GET', '/api/clients/states');
    expect(states.body.estados).toHaveLength(32);
    expect(states.body.estados).toContainEqual({ clave: 'JAL', nombre: 'Jalisco' });
    const munis = await call(owner, 'GET', '/api/clients/municipalities/jal');
    expect(munis.body.municipios).toContainEqual({ clave: '039', nombre: 'Guadalajara' });
    expect((await call(owner, 'GET', '/api/clients/municipalities/XXX')).body.municipios).toEqual([]);
    const regimes = await call(owner, 'GET', '/api/clients/tax-regimes');
    expect(regimes.body.regimen).toContainEqual({ clave: '626', descripcion: 'Régimen Simplificado de Confianza', fisica: true, moral: true });
  });
});

describe('upload the customer\'s constancia (CSF) to prefill the form', () => {
  async function upload(account: TestAccount, bytes: Buffer, name = 'csf.pdf') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
    const res = await fetch(`${server.baseUrl}/api/clients/upload-csf`, { method: 'POST', headers: account.headers, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('reads RFC, razón social, CP (with estado and municipio) and régimen of a persona moral', async () => {
    const rfc = randomRfc('moral');
    const res = await upload(owner, textPdf(csfLinesMoral(rfc, '06600')));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rfc, r_social: 'ESCUELA KEMPER URGATE', persona: 'moral', cp: '06600', state: 'CMX', municipality: '015',
      regimenes: ['601'], regimen: '601', idCIF: '12345678901',
    });
  });

  it('joins nombre and apellidos of a persona física and keeps every régimen', async () => {
    const rfc = randomRfc('fisica');
    const res = await upload(owner, textPdf(csfLinesFisica(rfc, '44100')));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rfc, r_social: 'JUANA PÉREZ NÚÑEZ', persona: 'fisica', cp: '44100', state: 'JAL', regimenes: ['605', '626'], regimen: '605' });
  });

  it('refuses a PDF that is not a constancia, a file that is not a PDF, and no file', async () => {
    const notCsf = await upload(owner, textPdf(['FACTURA', 'RFC: EKU9003173C9', 'Total 1,160.00']));
    expect(notCsf.status).toBe(422);
    expect(notCsf.body.errors.file[0]).toBe('El archivo no es una Constancia de Situación Fiscal del SAT');
    const notPdf = await upload(owner, Buffer.from('hola, no soy un PDF'), 'csf.txt');
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.errors.file[0]).toBe('El archivo debe ser un PDF');
    const broken = await upload(owner, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 7)]));
    expect(broken.status).toBe(422);
    expect(broken.body.errors.file[0]).toMatch(/No se pudo leer el PDF/);
    const none = await fetch(`${server.baseUrl}/api/clients/upload-csf`, { method: 'POST', headers: owner.headers });
    expect(none.status).toBe(422);
  });
});

describe('tenant isolation', () => {
  it('another tenant cannot read, edit, patch or delete a customer, nor see it listed', async () => {
    const { body: c } = await call(owner, 'POST', '/api/clients', moral());
    const input = moral({ rfc: c.rfc, r_social: 'Robado' });
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'GET', path: `/api/clients/${c.id}/edit` },
      { method: 'PUT', path: `/api/clients/${c.id}`, body: input },
      { method: 'PATCH', path: `/api/clients/${c.id}/v4`, body: { r_social: 'Robado' } },
      { method: 'DELETE', path: `/api/clients/${c.id}` },
      { method: 'GET', path: `/api/clients?rfc=${owner.rfc}` },
    ], async () => {
      const again = await call(owner, 'GET', `/api/clients/${c.id}/edit`);
      expect(again.body).toEqual(c);
    });
    const list = await call(intruder, 'GET', `/api/clients?search=${c.rfc}`);
    expect(list.body).toMatchObject({ total: 0, data: [] });
    // The catalogs and the CSF reader hold no tenant data; they still need a session.
    for (const path of ['/api/clients/states', '/api/clients/tax-regimes', '/api/clients/municipalities/JAL']) {
      expect((await fetch(`${server.baseUrl}${path}`)).status).toBe(401);
    }
    expect((await fetch(`${server.baseUrl}/api/clients/upload-csf`, { method: 'POST' })).status).toBe(401);
  });
});
