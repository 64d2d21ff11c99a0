import { describe as group, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures';
import {
  catalogNames,
  currencyDecimals,
  describe,
  estados,
  findEntry,
  getCatalog,
  isVigente,
  municipios,
  personaFromRfc,
  regimenAllowed,
  usoCfdiAllowed,
  usosCfdiFor,
  type CatalogName,
} from './index';

// Row counts from fixtures/README.md (sat-catalogs section).
const README_COUNTS: Record<CatalogName, number> = {
  c_Aduana: 50, c_ClaveUnidad: 2418, c_Estado: 95, c_Exportacion: 4, c_FormaPago: 22, c_Impuesto: 3,
  c_Localidad: 664, c_Meses: 18, c_MetodoPago: 2, c_Moneda: 183, c_Municipio: 2478, c_ObjetoImp: 8, c_Pais: 250,
  c_PatenteAduanal: 3413, c_Periodicidad: 5, c_RegimenFiscal: 19, c_TasaOCuota: 19, c_TipoDeComprobante: 5,
  c_TipoFactor: 3, c_TipoRelacion: 7, c_UsoCFDI: 24,
  c_TipoCadenaPago: 1,
  c_Banco: 106, 'nomina:c_Estado': 96, c_OrigenRecurso: 3, c_PeriodicidadPago: 11, c_RiesgoPuesto: 6, c_TipoContrato: 11,
  c_TipoDeduccion: 115, c_TipoHoras: 3, c_TipoIncapacidad: 4, c_TipoJornada: 9, c_TipoNomina: 2, c_TipoOtroPago: 10,
  c_TipoPercepcion: 48, c_TipoRegimen: 13,
  'retenciones:c_CveRetenc': 28, 'retenciones:c_Ejercicio': 7, 'retenciones:c_EntidadesFederativas': 32,
  'retenciones:c_Pais': 247, 'retenciones:c_Periodicidad': 5, 'retenciones:c_Periodo': 12,
  'retenciones:c_TipoContribuyenteSujetoRetencion': 9, 'retenciones:c_TipoDividendoOUtilidadDistribuida': 6,
  'retenciones:c_TipoImpuesto': 3, 'retenciones:c_TipoPagoRet': 4,
};

group('small catalogs', () => {
  it('ships every catalog with the row count of the SAT fixtures', () => {
    expect([...catalogNames].sort()).toEqual(Object.keys(README_COUNTS).sort());
    for (const name of catalogNames) expect([name, getCatalog(name).length]).toEqual([name, README_COUNTS[name]]);
  });

  it('has as many rows as INSERTs in each fixture SQL file', () => {
    const dir = fixturePath('sat-catalogs', 'data');
    const total = readdirSync(dir).reduce((n, f) => n + (readFileSync(`${dir}/${f}`, 'utf8').match(/^INSERT INTO/gm)?.length ?? 0), 0);
    expect(catalogNames.reduce((n, name) => n + getCatalog(name).length, 0)).toBe(total);
  });

  it('gives every entry a clave and a descripcion string and unique claves where SAT keys by clave', () => {
    for (const name of catalogNames) {
      const entries = getCatalog(name);
      const bad = entries.filter((e) => typeof e.clave !== 'string' || e.clave === '' || typeof e.descripcion !== 'string');
      expect([name, bad]).toEqual([name, []]);
      if (!['c_Municipio', 'c_Localidad', 'c_TasaOCuota'].includes(name)) {
        expect([name, new Set(entries.map((e) => e.clave)).size]).toEqual([name, entries.length]);
      }
    }
  });

  it('keeps leading zeros and typed extras', () => {
    expect(findEntry('c_FormaPago', '03')).toMatchObject({ descripcion: 'Transferencia electrónica de fondos', bancarizado: true });
    expect(findEntry('c_FormaPago', '01')).toMatchObject({ bancarizado: false, permiteCuentaOrdenante: false });
    expect(findEntry('c_Impuesto', '002')).toMatchObject({ descripcion: 'IVA', traslado: true, retencion: true });
    expect(findEntry('c_Impuesto', '001')).toMatchObject({ traslado: false, retencion: true });
    expect(findEntry('c_Moneda', 'MXN')).toMatchObject({ decimales: 2, porcentajeVariacion: 5 });
    expect(findEntry('c_RegimenFiscal', '626')).toMatchObject({ fisica: true, moral: true });
    expect(findEntry('c_UsoCFDI', 'CN01')?.regimenesReceptor).toEqual(['605']);
    expect(findEntry('c_ClaveUnidad', 'H87')).toMatchObject({ descripcion: 'Pieza' });
    expect(findEntry('c_Banco', '002')).toMatchObject({ descripcion: 'BANAMEX' });
    expect(findEntry('retenciones:c_TipoPagoRet', '01')).toMatchObject({ tipoImpuesto: '002' });
    expect(findEntry('c_TipoFactor', 'Exento')?.descripcion).toBe('Exento');
    expect(findEntry('c_PatenteAduanal', '0074')).toBeDefined();
    expect(findEntry('c_FormaPago', '3')).toBeUndefined();
  });

  it('looks up municipios and localidades by estado', () => {
    expect(findEntry('c_Municipio', '015', 'CMX')?.descripcion).toBe('Cuauhtémoc');
    expect(findEntry('c_Municipio', '004', 'BCN')?.descripcion).toBe('Tijuana');
    expect(findEntry('c_Municipio', '015')).toBeUndefined();
    expect(describe('c_Municipio', '001', 'AGU')).toBe('001 - Aguascalientes');
  });

  it('describes as "clave - descripción"', () => {
    expect(describe('c_FormaPago', '99')).toBe('99 - Por definir');
    expect(describe('c_UsoCFDI', 'G03')).toBe('G03 - Gastos en general.');
    expect(describe('c_RegimenFiscal', '601')).toBe('601 - General de Ley Personas Morales');
    expect(describe('c_FormaPago', 'ZZ')).toBe('ZZ');
  });

  it('throws for unknown catalogs', () => {
    expect(() => getCatalog('c_Nada' as CatalogName)).toThrow(/Catálogo desconocido/);
  });

  it('checks vigencia by day', () => {
    const podebi = findEntry('c_ObjetoImp', '05')!;
    expect(isVigente(podebi, '2023-12-05')).toBe(false);
    expect(isVigente(podebi, '2023-12-06T10:00:00')).toBe(true);
    expect(isVigente({ clave: 'x', descripcion: '', vigenciaHasta: '2020-01-01' }, '2020-01-02')).toBe(false);
  });
});

group('specific helpers', () => {
  it('gives currency decimals', () => {
    expect(currencyDecimals('MXN')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
    expect(currencyDecimals('CLF')).toBe(4);
    expect(() => currencyDecimals('ABC')).toThrow(/c_Moneda/);
  });

  it('tells persona from RFC length', () => {
    expect(personaFromRfc('EKU9003173C9')).toBe('moral');
    expect(personaFromRfc('VADA800927DJ3')).toBe('fisica');
    expect(personaFromRfc('XAXX010101000')).toBe('fisica');
    expect(personaFromRfc('ABC')).toBeNull();
  });

  it('checks régimen by persona', () => {
    expect(regimenAllowed('601', 'moral')).toBe(true);
    expect(regimenAllowed('601', 'fisica')).toBe(false);
    expect(regimenAllowed('612', 'fisica')).toBe(true);
    expect(regimenAllowed('626', 'moral')).toBe(true);
    expect(regimenAllowed('999', 'moral')).toBe(false);
  });

  it('checks the UsoCFDI × régimen × persona matrix', () => {
    expect(usoCfdiAllowed('G03', '601', 'moral')).toBe(true);
    expect(usoCfdiAllowed('G03', '612', 'fisica')).toBe(true);
    expect(usoCfdiAllowed('G03', '605', 'fisica')).toBe(false);
    expect(usoCfdiAllowed('D01', '612', 'fisica')).toBe(true);
    expect(usoCfdiAllowed('D01', '601', 'moral')).toBe(false);
    expect(usoCfdiAllowed('D01', '612', 'moral')).toBe(false);
    for (const [regimen, persona] of [['601', 'moral'], ['605', 'fisica'], ['616', 'fisica'], ['626', 'moral'], ['610', 'fisica']] as const) {
      expect(usoCfdiAllowed('S01', regimen, persona)).toBe(true);
      expect(usoCfdiAllowed('CP01', regimen, persona)).toBe(true);
    }
    expect(usoCfdiAllowed('CN01', '605', 'fisica')).toBe(true);
    expect(usoCfdiAllowed('CN01', '605', 'moral')).toBe(false);
    // A régimen the persona cannot have is rejected even if the uso lists it.
    expect(usoCfdiAllowed('G03', '601', 'fisica')).toBe(false);
    expect(usoCfdiAllowed('X99', '601', 'moral')).toBe(false);
    expect(usosCfdiFor('605', 'fisica')).toEqual(expect.arrayContaining(['D01', 'S01', 'CP01', 'CN01']));
    expect(usosCfdiFor('605', 'fisica')).not.toContain('G03');
  });
});

group('estados and municipios', () => {
  it('lists the 32 Mexican estados', () => {
    const list = estados();
    expect(list).toHaveLength(32);
    expect(list).toContainEqual({ clave: 'CMX', nombre: 'Ciudad de México' });
    expect(list.find((e) => e.clave === 'TX')).toBeUndefined();
  });

  it('lists municipios of an estado', () => {
    const bcn = municipios('BCN');
    expect(bcn.map((m) => m.nombre)).toEqual(['Ensenada', 'Mexicali', 'Tecate', 'Tijuana', 'Playas de Rosarito', 'San Quintin', 'San Felipe']);
    expect(municipios('CMX')).toHaveLength(16);
    expect(municipios('XXX')).toEqual([]);
  });
});
