import { describe, expect, it } from 'vitest';
import { Decimal } from '@facturo/cfdi/money';
import { readFixture } from '../../../../../../packages/cfdi/test/fixtures';
import { writeZip } from '../../cfdi-import/zip-writer';
import { parseStatementFile, previewRows } from './detect';
import { balanceWarning, fingerprint, normalizeAmount, ordinals, type ParsedStatement } from './statement';

const sums = (s: ParsedStatement) => ({
  cuenta: s.cuenta, moneda: s.moneda, apertura: s.apertura, cierre: s.cierre, n: s.movimientos.length,
  credits: s.movimientos.filter((m) => !m.importe.startsWith('-')).reduce((a, m) => a.plus(m.importe), new Decimal(0)).toFixed(2),
  debits: s.movimientos.filter((m) => m.importe.startsWith('-')).reduce((a, m) => a.minus(m.importe), new Decimal(0)).toFixed(2),
});
const parse = (name: string) => parseStatementFile(readFixture('bank', name), name, null);

describe('CAMT.053 (the fixtures README figures)', () => {
  it('001.02 with a reversal: 3 entries, credits/debits as the README, a warning because it does not add up', async () => {
    const f = await parse('camt053-oca-test.xml');
    expect(f.formato).toBe('CAMT.053');
    expect(f.rechazados).toEqual([]);
    expect(f.statements.map(sums)).toEqual([{ cuenta: expect.stringContaining('NL'), moneda: 'EUR', apertura: '15568.27', cierre: '15121.12', n: 3, credits: '1405.31', debits: '1418.30' }]);
    expect(balanceWarning(f.statements[0]!)).toMatch(/no cuadra.*15555\.28.*15121\.12/);
  });

  it('two statements in one file keep their own account identifiers, and both add up', async () => {
    const f = await parse('camt053-genkgo-v2-multi-statement.xml');
    expect(f.statements.map(sums)).toEqual([
      { cuenta: 'NL26VAYB8060476890', moneda: 'EUR', apertura: '18.15', cierre: '27.00', n: 1, credits: '8.85', debits: '0.00' },
      { cuenta: 'NL26VAYB8060476890', moneda: 'EUR', apertura: '27.00', cierre: '20.00', n: 1, credits: '0.00', debits: '7.00' },
    ]);
    expect(f.statements.map(balanceWarning)).toEqual([null, null]);
  });

  it('001.04 batch entry with several TxDtls is one movement', async () => {
    const f = await parse('camt053-oca-txdtls.xml');
    expect(f.statements.map(sums)).toEqual([{ cuenta: expect.any(String), moneda: 'CHF', apertura: '75960.15', cierre: '79443.15', n: 1, credits: '3483.00', debits: '0.00' }]);
    expect(balanceWarning(f.statements[0]!)).toBeNull();
  });

  it('is namespace-agnostic: the same entries under the 001.08 namespace, Sts wrapped in Cd', async () => {
    const v2 = readFixture('bank', 'camt053-oca-txdtls.xml').toString('utf8');
    const v8 = v2.replace(/camt\.053\.001\.0\d/g, 'camt.053.001.08');
    const f = await parseStatementFile(Buffer.from(v8), 'x.xml', null);
    expect(f.statements.map(sums)[0]).toMatchObject({ n: 1, credits: '3483.00' });
  });

  it('an entry without CdtDbtInd is rejected with its reason in Spanish; the others import', async () => {
    const xml = readFixture('bank', 'camt053-oca-test.xml').toString('utf8').replace(/(<Ntry>[\s\S]*?)<CdtDbtInd>\w+<\/CdtDbtInd>/, '$1');
    const f = await parseStatementFile(Buffer.from(xml), 'x.xml', null);
    expect(f.rechazados).toEqual([{ linea: expect.stringMatching(/^movimiento 1 del estado/), motivo: 'El movimiento no indica si es abono o cargo (CdtDbtInd)' }]);
    expect(f.statements[0]!.movimientos).toHaveLength(2);
  });
});

describe('OFX', () => {
  it('1.03 SGML (unclosed leaves): 3 transactions, closing 5250.00', async () => {
    const f = await parse('ofx-asgrim-ofxdata.ofx');
    expect(f.formato).toBe('OFX');
    expect(f.statements.map(sums)).toEqual([{ cuenta: '098-121', moneda: 'USD', apertura: null, cierre: '5250.00', n: 3, credits: '350.00', debits: '100.00' }]);
    expect(f.statements[0]!.movimientos.every((m) => m.bankId)).toBe(true);
  });

  it('2.1.1 XML with a bank and a credit-card statement', async () => {
    const f = await parse('ofx-oca-test_ofx.ofx');
    expect(f.statements.map(sums)).toEqual([
      { cuenta: '123456', moneda: 'USD', apertura: null, cierre: '2156.56', n: 4, credits: '0.00', debits: '360.00' },
      { cuenta: '123412341234', moneda: 'USD', apertura: null, cierre: '-562.00', n: 0, credits: '0.00', debits: '0.00' },
    ]);
  });
});

const MAPPING = { fecha: 0, descripcion: 1, referencia: 2, deposito: 3, retiro: 4, saldo: 5, encabezado: 1, formatoFecha: 'DMY' as const };
const CSV = [
  'Fecha;Concepto;Referencia;Depósito;Retiro;Saldo',
  '01/03/2026;SPEI RECIBIDO CLIENTE SA DE CV FAC A-101;REF0001;"1,160.00";;"11,160.00"',
  '02/03/2026;PAGO PROVEEDOR;REF0002;;500.50;"10,659.50"',
  '31/02/2026;FECHA MALA;REF0003;10.00;;10669.50',
  '03/03/2026;SIN IMPORTE;REF0004;abc;;',
  '04/03/2026;COMISION;;;"15.00";"10,644.50"',
].join('\r\n');

describe('CSV / XLSX with a column mapping', () => {
  it('reads deposits and withdrawals, rejects bad lines saying why, derives the balances', async () => {
    const f = await parseStatementFile(Buffer.from(CSV, 'utf8'), 'banco.csv', MAPPING);
    expect(f.formato).toBe('CSV');
    expect(f.statements[0]!.movimientos.map((m) => [m.fecha, m.importe, m.referencia])).toEqual([
      ['2026-03-01', '1160.00', 'REF0001'], ['2026-03-02', '-500.50', 'REF0002'], ['2026-03-04', '-15.00', null],
    ]);
    expect(f.rechazados).toEqual([
      { linea: 'línea 4', motivo: 'La fecha «31/02/2026» no es válida' },
      { linea: 'línea 5', motivo: 'La línea no tiene un importe válido (depósito, retiro o importe)' },
    ]);
    expect(f.statements[0]).toMatchObject({ apertura: '10000.00', cierre: '10644.50' });
    expect(balanceWarning(f.statements[0]!)).toBeNull();
  });

  it('a signed amount column and ISO dates', async () => {
    const csv = 'date,desc,amount\n2026-03-05,Abono,1500.25\n2026-03-06,Cargo,-20\n';
    const f = await parseStatementFile(Buffer.from(csv), 'x.csv', { fecha: 0, descripcion: 1, importe: 2, encabezado: 1, formatoFecha: 'YMD' });
    expect(f.statements[0]!.movimientos.map((m) => m.importe)).toEqual(['1500.25', '-20.00']);
  });

  it('XLSX: shared strings and numeric cells (Excel serial dates)', async () => {
    const shared = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Fecha</t></si><si><t>Concepto</t></si><si><t>Importe</t></si><si><t>DEPOSITO CLIENTE</t></si></sst>';
    const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>
      <row r="2"><c r="A2"><v>46082</v></c><c r="B2" t="s"><v>3</v></c><c r="C2"><v>2320.5</v></c></row>
      <row r="3"><c r="A3" t="inlineStr"><is><t>06/03/2026</t></is></c><c r="B3" t="inlineStr"><is><t>RETIRO</t></is></c><c r="C3"><v>-100</v></c></row>
    </sheetData></worksheet>`;
    const xlsx = writeZip([{ name: 'xl/sharedStrings.xml', data: shared }, { name: 'xl/worksheets/sheet1.xml', data: sheet }]);
    expect((await previewRows(xlsx, 'b.xlsx'))[0]).toEqual(['Fecha', 'Concepto', 'Importe']);
    const f = await parseStatementFile(xlsx, 'b.xlsx', { fecha: 0, descripcion: 1, importe: 2, encabezado: 1, formatoFecha: 'DMY' });
    expect(f.formato).toBe('XLSX');
    expect(f.statements[0]!.movimientos.map((m) => [m.fecha, m.descripcion, m.importe])).toEqual([
      ['2026-03-01', 'DEPOSITO CLIENTE', '2320.50'], ['2026-03-06', 'RETIRO', '-100.00'],
    ]);
  });

  it('CSV without a mapping is refused in Spanish', async () => {
    await expect(parseStatementFile(Buffer.from(CSV), 'b.csv', null)).rejects.toThrow(/mapeo de columnas/);
  });
});

describe('amounts and fingerprints', () => {
  it('normalizes Mexican and European formats', () => {
    expect(['1,234.50', '1.234,50', '$ 1,000', '(15.00)', '12-', '-0.5', 'x'].map(normalizeAmount)).toEqual(['1234.50', '1234.50', '1000.00', '-15.00', '-12.00', '-0.50', null]);
  });

  it('is stable, tells identical movements apart by ordinal, and uses the bank id when there is one', () => {
    const m = { fecha: '2026-03-01', importe: '100.00', descripcion: 'SPEI', referencia: null, saldo: null, bankId: null, contraparte: null };
    const ords = ordinals([m, { ...m }, { ...m, importe: '5.00' }]);
    expect(ords).toEqual([1, 2, 1]);
    expect(fingerprint(1, m, 1)).toBe(fingerprint(1, { ...m, descripcion: ' spei ' }, 1));
    expect(fingerprint(1, m, 1)).not.toBe(fingerprint(1, m, 2));
    expect(fingerprint(1, m, 1)).not.toBe(fingerprint(2, m, 1));
    expect(fingerprint(1, { ...m, bankId: 'X1' }, 1)).toBe(fingerprint(1, { ...m, bankId: 'X1', descripcion: 'otra' }, 9));
  });
});
