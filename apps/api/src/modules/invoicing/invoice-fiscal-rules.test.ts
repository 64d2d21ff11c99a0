import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml, verifyCfdi, type XmlElement } from '@facturo/cfdi';
import { INVOICE_WARNINGS_HEADER, type InvoiceBody } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import type { TestAccount } from '../../../test/accounts';
import { api, createCustomer, invoicingAccount } from './invoicing-test-kit';

// Issue 24 items 4, 5 and 6 over real HTTP on real stamped XML: IVA 8 % only from a border CP, the two-thirds IVA
// retention written as IVA × 2/3, and the warning a persona moral gets for an ISR retention.
let server: TestServer;
let owner: TestAccount;
let customer: { id: number; rfc: string };
beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl);
  customer = await createCustomer(server.baseUrl, owner, { rfc: 'CACX7605101P8', r_social: 'XOCHILT CASAS CHAVEZ', domicilio: { cp: '10740' } });
}, 120_000);
afterAll(() => server?.close());

const IVA16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };
const IVA8 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.080000' };
const RET_IVA = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.106667' };
const RET_ISR = { impuesto: '001' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.100000' };
type Concepto = InvoiceBody['conceptos'][number];
const servicios = (over: Partial<Concepto> = {}): InvoiceBody => ({
  clientId: customer.id, usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'F',
  conceptos: [{ claveProdServ: '80111600', cantidad: '1', claveUnidad: 'E48', descripcion: 'Servicios profesionales de noviembre', valorUnitario: '15000.00', objetoImp: '02', traslados: [IVA16], ...over }],
});

async function setCp(cp: string, estado: string, municipio: string): Promise<void> {
  const res = await api(server.baseUrl, owner, 'PUT', '/api/profile', {
    fullName: 'ESCUELA KEMPER URGATE', regimen: '601', cp, estado, municipio, timeZone: 'America/Mexico_City',
  });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
}

async function stampedXml(uuid: string): Promise<XmlElement> {
  const res = await fetch(`${server.baseUrl}/api/incomes/${uuid}/xml`, { headers: owner.headers });
  const xml = await res.text();
  expect(verifyCfdi(xml).checks.filter((c) => c.status === 'fail')).toEqual([]);
  return parseXml(xml);
}

const find = (root: XmlElement, path: string[]): XmlElement => path.reduce<XmlElement>((node, local) => node.children.find((c): c is XmlElement => 'local' in c && c.local === local)!, root);

describe('IVA 8 % only from the región fronteriza (item 4)', () => {
  it('POST /api/invoice40 with an 8 % concept from 06600 (CDMX) → 422 on lugarExpedicion naming the CP; nothing stamped', async () => {
    const before = (await api(server.baseUrl, owner, 'GET', '/api/timbres')).data.balance;
    const res = await api(server.baseUrl, owner, 'POST', '/api/invoice40', servicios({ traslados: [IVA8] }));
    expect(res.status).toBe(422);
    expect(res.data.message).toContain('06600');
    expect(res.data.errors.lugarExpedicion).toHaveLength(1);
    expect(res.data.errors.lugarExpedicion[0]).toMatch(/^FAC24001: El IVA al 8 % solo aplica en la región fronteriza: el código postal 06600/);
    expect((await api(server.baseUrl, owner, 'GET', '/api/timbres')).data.balance).toBe(before);
    // The preview refuses it the same way (the form's "Vista previa").
    const preview = await api(server.baseUrl, owner, 'POST', '/api/preview40', servicios({ traslados: [IVA8] }));
    expect(preview.status).toBe(422);
    expect(preview.data.errors.lugarExpedicion[0]).toContain('06600');
  });

  it('refuses 42501 (Hidalgo, the audit\'s case) and stamps from 22000 (Tijuana, región fronteriza norte) with IVA 1,200.00', async () => {
    await setCp('42501', 'HID', '048');
    const refused = await api(server.baseUrl, owner, 'POST', '/api/invoice40', servicios({ traslados: [IVA8] }));
    expect(refused.status).toBe(422);
    expect(refused.data.errors.lugarExpedicion[0]).toContain('42501');

    await setCp('22000', 'BCN', '004');
    const res = await api(server.baseUrl, owner, 'POST', '/api/invoice40', servicios({ traslados: [IVA8] }));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    expect(res.data.total).toBe('16200.00');
    const root = await stampedXml(res.data.uuid);
    expect(root.attrs.get('LugarExpedicion')).toBe('22000');
    expect(find(root, ['Impuestos', 'Traslados', 'Traslado']).attrs.get('TasaOCuota')).toBe('0.080000');
    expect(find(root, ['Impuestos']).attrs.get('TotalImpuestosTrasladados')).toBe('1200.00');
    await setCp('06600', 'CMX', '015');
  });
});

describe('two-thirds IVA retention (item 5)', () => {
  it('15,000 of services with ISR 10 % and IVA 2/3: IVA 2,400.00, retention 1,600.00, total 14,300.00 in the stamped XML', async () => {
    const res = await api(server.baseUrl, owner, 'POST', '/api/invoice40', servicios({ retenciones: [RET_ISR, RET_IVA] }));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    expect(res.data.total).toBe('14300.00');
    const root = await stampedXml(res.data.uuid);
    expect(root.attrs.get('Total')).toBe('14300.00');
    const concepto = find(root, ['Conceptos', 'Concepto', 'Impuestos']);
    const ret = find(concepto, ['Retenciones']).children.filter((c): c is XmlElement => 'local' in c).map((c) => Object.fromEntries(c.attrs));
    expect(ret).toEqual([
      { Base: '15000.00', Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.100000', Importe: '1500.00' },
      { Base: '15000.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.106667', Importe: '1600.00' },
    ]);
    expect(find(root, ['Impuestos']).attrs.get('TotalImpuestosRetenidos')).toBe('3100.00');
    expect(find(root, ['Impuestos']).attrs.get('TotalImpuestosTrasladados')).toBe('2400.00');
    // The income list carries the same figures the declaration reads.
    const xmlRetIva = find(find(root, ['Impuestos']), ['Retenciones']).children.filter((c): c is XmlElement => 'local' in c).find((c) => c.attrs.get('Impuesto') === '002');
    expect(xmlRetIva?.attrs.get('Importe')).toBe('1600.00');
  });
});

describe('ISR retention on a persona moral (item 6, warning only)', () => {
  it('the preview answers 200 with the warning in its header, and the stamp goes through carrying it in advertencias', async () => {
    const preview = await fetch(`${server.baseUrl}/api/preview40`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify(servicios({ retenciones: [RET_ISR] })),
    });
    expect(preview.status).toBe(200);
    const header = preview.headers.get(INVOICE_WARNINGS_HEADER);
    expect(header).toBeTruthy();
    const warnings = JSON.parse(decodeURIComponent(header!)) as { field: string; code: string; message: string }[];
    expect(warnings).toEqual([{ field: 'conceptos.0.retenciones.0', code: 'FAC24002', message: expect.stringMatching(/persona moral.*personas físicas \(honorarios, arrendamiento, RESICO\)/) }]);

    const res = await api(server.baseUrl, owner, 'POST', '/api/invoice40', servicios({ retenciones: [RET_ISR] }));
    expect(res.status).toBe(201);
    expect(res.data.advertencias).toEqual(warnings);
  });

  it('no warning without an ISR retention', async () => {
    const preview = await fetch(`${server.baseUrl}/api/preview40`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify(servicios({ retenciones: [RET_IVA] })),
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get(INVOICE_WARNINGS_HEADER)).toBeNull();
  });
});
