import { describe, expect, it } from 'vitest';
import { Decimal } from '@facturo/cfdi/money';
import { readFixture, readFixtureText } from '../../../../../packages/cfdi/test/fixtures';
import { checkLine, diffDiot, diotFile, emptyTotals, groupGlobal, pesos, toRow, type SupplierTotals } from './diot-file';

type Raw = Record<string, string | number | undefined>;
const AMOUNTS = ['base16', 'dev16', 'base8', 'dev8', 'base0', 'exento', 'noObjeto', 'noDeducible16', 'noDeducible8', 'ivaRetenido', 'importacion16', 'importacionExento'] as const;

function totals(r: Raw): SupplierTotals {
  const t = emptyTotals(String(r.rfc ?? ''), String(r.nombre ?? ''));
  t.tipoTercero = (r.tipoTercero as SupplierTotals['tipoTercero']) ?? '04';
  t.tipoOperacion = String(r.tipoOperacion ?? '85');
  t.idFiscal = String(r.idFiscal ?? '');
  t.pais = String(r.pais ?? '');
  t.jurisdiccion = String(r.jurisdiccion ?? '');
  for (const k of AMOUNTS) if (r[k] !== undefined) t[k] = new Decimal(String(r[k]));
  t.cfdis = Number(r.cfdis ?? 0);
  return t;
}
const fixture = () => (JSON.parse(readFixtureText('diot', '2026-03-suppliers.json')) as { suppliers: Raw[] }).suppliers.map(totals);

describe('DIOT batch file (SAT 2025 layout)', () => {
  it('equals the hand-made expected file byte for byte', () => {
    const file = Buffer.from(diotFile(fixture()), 'utf8');
    const expected = readFixture('diot', '2026-03-expected.txt');
    expect(file.toString('utf8')).toBe(expected.toString('utf8'));
    expect(file.equals(expected)).toBe(true);
  });

  it('every line has exactly 54 fields and passes the catalogs; CRLF after every line', () => {
    const text = diotFile(fixture());
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(line.split('|')).toHaveLength(54);
      expect(checkLine(line), line).toEqual([]);
    }
  });

  it('the checker rejects a wrong field count, an operation outside the catalog and a bad RFC', () => {
    expect(checkLine('04|85|AAA010101AAA')).toContain('la línea tiene 3 campos, no 54');
    const base = Array(54).fill('');
    base[0] = '04'; base[1] = '07'; base[2] = 'AAA010101AAA'; base[53] = '01';
    expect(checkLine(base.join('|'))).toContain('tipo de operación 07 no válido para el tercero 04');
    base[1] = '85'; base[2] = 'NO-RFC';
    expect(checkLine(base.join('|'))).toContain('RFC NO-RFC no válido');
    base[2] = 'AAA010101AAA'; base[11] = '-5';
    expect(checkLine(base.join('|'))[0]).toMatch(/campo 12/);
  });

  it('rounds half up to whole pesos, empty for zero, never negative', () => {
    expect(pesos(new Decimal('0.49'))).toBe('');
    expect(pesos(new Decimal('0.5'))).toBe('1');
    expect(pesos(new Decimal('2.5'))).toBe('3');
    expect(pesos(new Decimal('-7'))).toBe('');
  });

  it('groups small suppliers into the proveedor global within 10 % of the month and $50,000 each', () => {
    const big = totals({ rfc: 'BIG010101AAA', base16: '100000' });
    const s1 = totals({ rfc: 'SMA010101AAA', base16: '3000', cfdis: 1 });
    const s2 = totals({ rfc: 'SMB010101AAA', base16: '5000', cfdis: 1 });
    const s3 = totals({ rfc: 'SMC010101AAA', base16: '9000', cfdis: 1 });
    // total paid = (117,000) × 1.16 = 135,720 → limit 13,572: 3,480 + 5,800 fit, + 10,440 does not.
    const { rows, grouped } = groupGlobal([big, s1, s2, s3], true);
    expect(grouped).toEqual(['SMA010101AAA', 'SMB010101AAA']);
    const global = rows.find((r) => r.tipoTercero === '15')!;
    expect(global.base16.toFixed(2)).toBe('8000.00');
    expect(rows.map((r) => r.rfc)).toEqual(['BIG010101AAA', 'SMC010101AAA', 'XAXX010101000']);
    expect(groupGlobal([big, s1], false).rows).toHaveLength(2);
  });

  it('diff: per supplier added, removed and changed fields', () => {
    const a = [toRow(totals({ rfc: 'AAA010101AAA', base16: '1000' })), toRow(totals({ rfc: 'BBB010101AAA', base16: '50' }))];
    const b = [toRow(totals({ rfc: 'AAA010101AAA', base16: '1500' })), toRow(totals({ rfc: 'CCC010101AAA', base0: '10' }))];
    const d = diffDiot(a, b);
    expect(d.map((c) => [c.rfc, c.cambio])).toEqual([['AAA010101AAA', 'modificado'], ['BBB010101AAA', 'eliminado'], ['CCC010101AAA', 'agregado']]);
    expect(d[0]!.campos).toContainEqual({ campo: 'stiva16', antes: '1000.00', despues: '1500.00' });
    expect(d[0]!.campos).toContainEqual({ campo: 'iva16', antes: '160.00', despues: '240.00' });
    expect(diffDiot(a, a)).toEqual([]);
  });
});
