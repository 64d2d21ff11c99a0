import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { readFixture } from '../../../test/fixtures';
import { findProductService, postalCode, postalCodeExists, productServiceExists, searchProductService, searchUnit } from './index';

const claves = (hits: { clave: string }[]) => hits.map((h) => h.clave);

describe('c_ClaveProdServ', () => {
  it('ships every row of the fixture', () => {
    const lines = gunzipSync(readFixture('sat-catalogs', 'full', 'c_ClaveProdServ.csv.gz')).toString('utf8').trim().split('\n');
    expect(lines.length - 1).toBe(52_514);
    const sample = lines.slice(1).filter((_, i) => i % 997 === 0).map((l) => l.slice(0, 8));
    for (const clave of sample) expect(productServiceExists(clave)).toBe(true);
    expect(findProductService('84111506')).toMatchObject({ descripcion: 'Servicios de facturación', estimuloFranjaFronteriza: true });
    expect(findProductService('01010101')).toMatchObject({ descripcion: 'No existe en el catálogo', palabrasSimilares: 'Público en general' });
    expect(findProductService('10101506')?.palabrasSimilares).toContain('Potrillos');
    expect(productServiceExists('99999999')).toBe(false);
  });

  it('puts an exact clave first, then clave prefixes in order', () => {
    expect(claves(searchProductService('84111506'))).toEqual(['84111506']);
    expect(claves(searchProductService('8411150', 3))).toEqual(['84111500', '84111501', '84111502']);
    expect(claves(searchProductService(' 0101 0101 '))[0]).toBe('01010101');
  });

  it('finds the contabilidad family for "servicios de contabilidad"', () => {
    const top = claves(searchProductService('servicios de contabilidad', 8));
    for (const c of ['84111501', '84111502', '84111503', '84111505', '84111507']) expect(top).toContain(c);
    expect(top.slice(0, 5).every((c) => c.startsWith('841115'))).toBe(true);
  });

  it('ranks entries with more query words first', () => {
    const hits = searchProductService('servicio contabilidad fiscal', 5);
    expect(hits[0].clave).toBe('84111503');
  });

  it('matches single words, ignoring accents and case', () => {
    const contab = claves(searchProductService('contabilidad', 20));
    expect(contab).toContain('84111501');
    expect(claves(searchProductService('facturacion', 3))[0]).toBe('84111506');
    expect(claves(searchProductService('FACTURACIÓN', 3))[0]).toBe('84111506');
  });

  it('uses palabras similares and prefixes', () => {
    expect(claves(searchProductService('potrillos', 5))).toContain('10101506');
    expect(claves(searchProductService('factura', 5))).toContain('84111506');
  });

  it('sinks claves SAT retired below vigente ones but still finds them', () => {
    expect(findProductService('15101506')?.vigenciaHasta).toBe('2020-01-15');
    const gasolina = claves(searchProductService('gasolina', 20));
    expect(gasolina[0]).not.toBe('15101506');
    expect(gasolina.slice(0, 2)).toEqual(expect.arrayContaining(['15101514', '15101515']));
    expect(gasolina.at(-1)).toBe('15101506');
    expect(claves(searchProductService('15101506'))).toEqual(['15101506']);
  });

  it('returns nothing for empty or stop-word queries and honours the limit', () => {
    expect(searchProductService('')).toEqual([]);
    expect(searchProductService('de la y')).toEqual([]);
    expect(searchProductService('servicio', 7)).toHaveLength(7);
    expect(searchProductService('servicio')).toHaveLength(20);
    expect(searchProductService('servicio', 0)).toEqual([]);
  });
});

describe('c_ClaveUnidad search', () => {
  it('finds common units by name, symbol and clave', () => {
    expect(searchUnit('pieza')[0]).toEqual({ clave: 'H87', descripcion: 'Pieza' });
    expect(searchUnit('servicio')[0]).toEqual({ clave: 'E48', descripcion: 'Unidad de servicio' });
    expect(searchUnit('piezas')[0].clave).toBe('H87');
    expect(searchUnit('kg')[0].clave).toBe('KGM');
    expect(searchUnit('h87')[0].clave).toBe('H87');
    expect(searchUnit('litro')[0].clave).toBe('LTR');
  });
});

describe('c_CodigoPostal', () => {
  it('holds every CP of the fixture', () => {
    const lines = gunzipSync(readFixture('sat-catalogs', 'full', 'c_CodigoPostal.csv.gz')).toString('utf8').trim().split('\n').slice(1);
    expect(lines).toHaveLength(95_748);
    for (const line of lines.filter((_, i) => i % 331 === 0)) {
      const [cp, estado, municipio] = line.split(',');
      const info = postalCode(cp)!;
      expect(info.estado.clave).toBe(estado);
      expect(info.municipio?.clave ?? '').toBe(municipio);
    }
  });

  it('answers the spot checks', () => {
    expect(postalCode('42501')?.estado).toEqual({ clave: 'HID', nombre: 'Hidalgo' });
    expect(postalCode('06600')).toMatchObject({ estado: { clave: 'CMX' }, municipio: { clave: '015', nombre: 'Cuauhtémoc' }, regionFronteriza: false });
    expect(postalCode('22000')).toMatchObject({
      estado: { clave: 'BCN', nombre: 'Baja California' },
      municipio: { clave: '004', nombre: 'Tijuana' },
      regionFronteriza: true,
      zonaFronteriza: 'norte',
    });
    expect(postalCode('64000')).toMatchObject({ estado: { clave: 'NLE' }, regionFronteriza: false, zonaFronteriza: null });
  });

  it('flags the border regions, SAT-given and derived', () => {
    expect(postalCode('32000')).toMatchObject({ municipio: { nombre: 'Juárez' }, zonaFronteriza: 'norte' });
    expect(postalCode('26000')).toMatchObject({ estado: { clave: 'COA' }, zonaFronteriza: 'norte' }); // Piedras Negras
    expect(postalCode('25000')?.regionFronteriza).toBe(false); // Saltillo
    expect(postalCode('31000')?.regionFronteriza).toBe(false); // Chihuahua city
    expect(postalCode('30700')).toMatchObject({ municipio: { nombre: 'Tapachula' }, zonaFronteriza: 'sur' });
    expect(postalCode('29000')?.regionFronteriza).toBe(false); // Tuxtla Gutiérrez
    expect(postalCode('77000')).toMatchObject({ estado: { clave: 'ROO' }, zonaFronteriza: 'sur' }); // Chetumal, SAT flag 2
    expect(postalCode('83400')).toMatchObject({ estado: { clave: 'SON' }, zonaFronteriza: 'norte' }); // San Luis Río Colorado
    expect(postalCode('88000')).toMatchObject({ estado: { clave: 'TAM' }, zonaFronteriza: 'norte' }); // Nuevo Laredo
  });

  it('keeps the border flag of SAT part 2 for every CP it lists', () => {
    const lines = gunzipSync(readFixture('sat-catalogs', 'full', 'supplementary', 'c_CodigoPostal_Parte_2_catCFDI_V_40_18012022.csv.gz'))
      .toString('utf8').trim().split('\n').slice(1);
    let mismatches = 0;
    for (const line of lines) {
      const [cp, , , , flag] = line.split(',');
      const zona = postalCode(cp)?.zonaFronteriza;
      if ((flag === '1' ? 'norte' : flag === '2' ? 'sur' : null) !== zona) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('rejects CPs not in the catalog and malformed input', () => {
    expect(postalCode('00000')).toBeNull();
    expect(postalCodeExists('00000')).toBe(false);
    expect(postalCodeExists('06600')).toBe(true);
    expect(postalCodeExists(' 06600 ')).toBe(true);
    expect(postalCode('6600')).toBeNull();
    expect(postalCode('abcde')).toBeNull();
  });
});

describe('preloadCatalogs', () => {
  it('resolves once both big catalogs are ready', async () => {
    const { preloadCatalogs } = await import('./index');
    await expect(preloadCatalogs()).resolves.toBeUndefined();
    expect(searchProductService('84111506')[0].clave).toBe('84111506');
  });
});
