import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, BULK_ENTITIES, withCheckDigit } from '@facturo/contract';
import { validateRows } from './bulk-rows';
import { exampleCells } from './bulk-export';

const headers = (entity: (typeof BULK_ENTITIES)[number]) => BULK_COLUMNS[entity].map((c) => c.header);

/** A customers table with the template's header; each row given by column key. */
function clientTable(rows: Record<string, string>[]): string[][] {
  const cols = BULK_COLUMNS.clientes;
  return [cols.map((c) => c.header), ...rows.map((r) => cols.map((c) => r[c.key] ?? ''))];
}
const good = (over: Record<string, string> = {}) => ({
  rfc: withCheckDigit('NAN850101AB'), r_social: 'Ñandú Comercial', regimen: '601', uso_cfdi: 'G03', cp: '06600', email: 'a@b.mx', ...over,
});

describe('spreadsheet rows judged with the forms\' rules (issue 29 §1)', () => {
  it.each(BULK_ENTITIES)('the %s template\'s example row is valid', (entity) => {
    const out = validateRows(entity, [headers(entity), exampleCells(entity)], new Set());
    expect(out.errors).toEqual([]);
    expect(out.valid).toHaveLength(1);
  });

  it('places each error by spreadsheet row (header = 1) and column header, in Spanish', () => {
    const valid = withCheckDigit('NAN850101AB');
    const badRfc = good({ rfc: `${valid.slice(0, 11)}${valid.endsWith('0') ? '1' : '0'}` });
    const out = validateRows('clientes', clientTable([good(), badRfc, good({ rfc: withCheckDigit('OTR850101AB'), regimen: '605' }), good({ rfc: withCheckDigit('CPX850101AB'), cp: '00000' })]), new Set());
    expect(out.total).toBe(4);
    expect(out.valid.map((r) => r.fila)).toEqual([2]);
    const byRow = (fila: number) => out.errors.filter((e) => e.fila === fila);
    expect(byRow(3)[0]).toMatchObject({ columna: 'RFC', letra: 'A' });
    expect(byRow(3)[0]!.mensaje).toMatch(/RFC/);
    // 605 (sueldos y salarios) is a persona física régimen: the moral RFC refuses it, as the form does.
    expect(byRow(4)[0]).toMatchObject({ columna: 'Régimen fiscal', letra: 'C' });
    expect(byRow(4)[0]!.mensaje).toMatch(/no aplica a una persona moral/);
    expect(byRow(5)[0]).toMatchObject({ columna: 'Código postal', letra: 'E' });
    expect(byRow(5)[0]!.mensaje).toMatch(/no existe en el catálogo/);
  });

  it('checks uso CFDI against the régimen (CFDI 4.0 compatibility)', () => {
    const out = validateRows('clientes', clientTable([good({ uso_cfdi: 'D01' })]), new Set());
    expect(out.errors[0]).toMatchObject({ fila: 2, columna: 'Uso CFDI' });
    expect(out.errors[0]!.mensaje).toMatch(/no es compatible con el régimen 601/);
  });

  it('marks known keys as updates, refuses a key repeated in the file and skips empty rows', () => {
    const rfc = withCheckDigit('NAN850101AB');
    const out = validateRows('clientes', [...clientTable([good(), good({ r_social: 'Otra' })]), ['', '', ''], ...clientTable([good({ rfc: withCheckDigit('ZZZ850101AB') })]).slice(1)], new Set([rfc]));
    expect(out.total).toBe(3);
    expect(out.valid.map((r) => [r.fila, r.accion])).toEqual([[2, 'actualizar'], [5, 'crear']]);
    expect(out.errors).toEqual([{ fila: 3, columna: 'RFC', letra: 'A', mensaje: `El RFC ${rfc} ya aparece en la fila 2` }]);
  });

  it('reports a missing required column once, on the header row', () => {
    const out = validateRows('clientes', [['RFC', 'Razón social'], [withCheckDigit('NAN850101AB'), 'X']], new Set());
    expect(out.valid).toEqual([]);
    expect(out.errors.map((e) => e.columna)).toEqual(['Régimen fiscal', 'Uso CFDI']);
    expect(out.errors.every((e) => e.fila === 1)).toBe(true);
  });

  it('matches headers without regard to case or accents and restores a CP that lost its leading zero', () => {
    const table = [['rfc', 'RAZON SOCIAL', 'regimen fiscal', 'uso cfdi', 'codigo postal'], [withCheckDigit('NAN850101AB'), 'Ñandú', '601', 'G03', '6600']];
    const out = validateRows('clientes', table, new Set());
    expect(out.errors).toEqual([]);
    expect(out.valid[0]!.values.row).toMatchObject({ cp: '06600', state: 'CMX' });
  });

  it('products: SKU required, taxes by column, the tax error on its column', () => {
    const cols = BULK_COLUMNS.productos;
    const row = (o: Record<string, string>) => cols.map((c) => o[c.key] ?? '');
    const base = { sku: 'A-1', claveProducto: '81111500', claveUnidad: 'E48', descripcionProducto: 'Servicio', valorUnitario: '100.50', objetoImp: '02', iva: '16%' };
    const out = validateRows('productos', [cols.map((c) => c.header), row(base), row({ ...base, sku: '' }), row({ ...base, sku: 'B', iva: '0.17' }), row({ ...base, sku: 'C', valorUnitario: '-3' })], new Set());
    expect(out.valid).toHaveLength(1);
    expect(out.valid[0]!.values.row).toMatchObject({ sku: 'A-1', valorUnitario: '100.5', impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] } });
    expect(out.errors.find((e) => e.fila === 3)).toMatchObject({ columna: 'SKU' });
    expect(out.errors.find((e) => e.fila === 4)).toMatchObject({ columna: 'IVA trasladado' });
    expect(out.errors.find((e) => e.fila === 5)).toMatchObject({ columna: 'Valor unitario' });
  });

  it('employees: CURP and NSS checked as in the form', () => {
    const cols = BULK_COLUMNS.empleados;
    const example = exampleCells('empleados');
    const at = (key: string) => cols.findIndex((c) => c.key === key);
    const badCurp = [...example];
    badCurp[at('curp')] = 'XEXX010101HNEXXXA9';
    badCurp[at('no_empleado')] = '0002';
    const badNss = [...example];
    badNss[at('nss')] = '12345678901';
    badNss[at('no_empleado')] = '0003';
    const out = validateRows('empleados', [cols.map((c) => c.header), badCurp, badNss], new Set());
    expect(out.valid).toEqual([]);
    expect(out.errors.find((e) => e.fila === 2)).toMatchObject({ columna: 'CURP' });
    expect(out.errors.find((e) => e.fila === 3)).toMatchObject({ columna: 'NSS' });
  });
});
