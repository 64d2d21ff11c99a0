import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { smallCatalogs } from './definitions';
import { normalizeRows } from './normalize';
import { loadWorkbookSources } from './workbook-sources';
import { buildXlsx } from './xlsx-writer.test-helper';
import { readXlsx } from './xlsx-reader';

const def = (name: string) => smallCatalogs.find((d) => d.name === name)!;
const title = ['Catálogo de formas de pago'];
// Excel serial 44562 = 2022-01-01.
const workbook = buildXlsx({
  c_FormaPago: [
    title,
    [],
    ['Versión', 'inline:Revisión 0'],
    ['c_FormaPago', 'Descripción', 'Bancarizado', 'Número de operación', 'RFC ord', 'Cuenta Ordenante', 'Patrón', 'RFC ben', 'Cuenta ben', 'Patrón ben', 'Tipo Cadena Pago', 'Nombre banco ext', 'Fecha inicio de vigencia', 'Fecha fin de vigencia'],
    [1, 'Efectivo', 'No', 'Opcional', 'No', 'No', 'No', 'No', 'No', 'No', 'No', 'No', 44562, null],
    ['03', 'Transferencia electrónica de fondos', 'Sí', 'Opcional', 'Opcional', 'Opcional', '[0-9]{10}|[0-9]{16}|[0-9]{18}', 'Opcional', 'Opcional', '[0-9]{10}|[0-9]{18}', 'Opcional', 'Opcional', 44562, null],
    [],
  ],
  c_TasaOCuota: [
    title,
    ['Rango o Fijo', 'c_TasaOCuota', null, 'Impuesto', 'Factor', 'Traslado', 'Retención', 'Fecha inicio de vigencia', 'Fecha fin de vigencia'],
    [null, 'Valor mínimo', 'Valor máximo'],
    ['Fijo', null, 0.16, 'IVA', 'Tasa', 'Sí', 'No', 44562, null],
    ['Rango', 0, 0.16, 'IVA', 'Tasa', 'No', 'Sí', 44562, null],
  ],
  c_ClaveProdServ: [
    title,
    ['c_ClaveProdServ', 'Descripción', 'IVA', 'IEPS', 'Complemento', 'Inicio', 'Fin', 'Estímulo Franja Fronteriza', 'Palabras similares'],
    [1010101, 'No existe en el catálogo', 'Opcional', 'Opcional', null, 44562, null, '00', 'Público en general'],
    ['84111506', 'Servicios de facturación', 'Sí', 'Opcional', null, 44562, null, '01', null],
  ],
  'c_CodigoPostal_Parte_1 ': [
    title,
    ['c_CodigoPostal', 'c_Estado', 'c_Municipio', 'c_Localidad', 'Estímulo Franja Fronteriza'],
    ['22000', 'BCN', '004', '04', 1],
    [6600, 'CMX', 15, 6, 0],
  ],
  c_CodigoPostal_Parte_2: [
    ['c_CodigoPostal', 'c_Estado', 'c_Municipio', 'c_Localidad', 'Estímulo Franja Fronteriza'],
    [77000, 'ROO', '004', null, 2],
  ],
});

function writeTemp(buf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'catwb-')), 'catCFDI_V_4_test.xlsx');
  writeFileSync(file, buf);
  return file;
}

it('reads sheets, shared and inline strings from an .xlsx', () => {
  const book = readXlsx(writeTemp(workbook));
  expect(book.sheetNames).toContain('c_FormaPago');
  expect(book.rows('c_FormaPago')[2]).toEqual(['Versión', 'Revisión 0']);
  expect(book.rows('c_FormaPago')[4][12]).toBe(44562);
});

it('turns SAT sheets into the same rows the SQL path gives', () => {
  const wb = loadWorkbookSources({ cfdi: writeTemp(workbook) })!;
  const formas = normalizeRows(def('c_FormaPago'), wb.small(def('c_FormaPago'))!);
  expect(formas.rows).toHaveLength(2);
  const efectivo = Object.fromEntries(formas.fields.map((f, i) => [f, formas.rows[0][i]]));
  expect(efectivo).toMatchObject({ clave: '01', descripcion: 'Efectivo', bancarizado: false, permiteCuentaOrdenante: false, vigenciaDesde: '2022-01-01', vigenciaHasta: null });
  const transfer = Object.fromEntries(formas.fields.map((f, i) => [f, formas.rows[1][i]]));
  expect(transfer).toMatchObject({ bancarizado: true, permiteCuentaOrdenante: true, patronCuentaBeneficiario: '[0-9]{10}|[0-9]{18}' });

  const tasas = normalizeRows(def('c_TasaOCuota'), wb.small(def('c_TasaOCuota'))!);
  expect(tasas.rows).toEqual([
    ['Fijo', null, '0.160000', 'IVA', 'Tasa', true, false, '2022-01-01', null],
    ['Rango', '0.000000', '0.160000', 'IVA', 'Tasa', false, true, '2022-01-01', null],
  ]);
  expect(wb.small(def('c_Moneda'))).toBeNull();
  expect(wb.small(def('c_Banco'))).toBeNull();
});

it('reads the big catalogs, joining split sheets and keeping SAT border flags', () => {
  const wb = loadWorkbookSources({ cfdi: writeTemp(workbook) })!;
  expect(wb.prodServ()).toEqual([
    { clave: '01010101', descripcion: 'No existe en el catálogo', palabrasSimilares: 'Público en general', estimuloFranjaFronteriza: false, vigenciaDesde: '2022-01-01', vigenciaHasta: null },
    { clave: '84111506', descripcion: 'Servicios de facturación', palabrasSimilares: '', estimuloFranjaFronteriza: true, vigenciaDesde: '2022-01-01', vigenciaHasta: null },
  ]);
  expect(wb.postalCodes()).toEqual([
    { cp: 6600, estado: 'CMX', municipio: '015', localidad: '06', flag: 0 },
    { cp: 22000, estado: 'BCN', municipio: '004', localidad: '04', flag: 1 },
    { cp: 77000, estado: 'ROO', municipio: '004', localidad: null, flag: 2 },
  ]);
});

it('rejects files that are not workbooks', () => {
  expect(() => readXlsx(writeTemp(Buffer.from('not a zip at all, just some text here')))).toThrow(/ZIP/);
  expect(loadWorkbookSources({})).toBeNull();
});
