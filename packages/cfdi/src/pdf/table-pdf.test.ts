import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { parseXml } from '../xml';
import { pdfText } from './pdf-text-for-tests';
import { renderPdf } from './render-pdf';
import { formatoMonto, tablaPdf } from './table-pdf';

describe('report tables as PDF (contabilidad, decision 319)', () => {
  it('formats amounts as text, never through a float', () => {
    expect(formatoMonto('1234567.5')).toBe('1,234,567.50');
    expect(formatoMonto('-1354.4')).toBe('-1,354.40');
    expect(formatoMonto('99999999999999999.99')).toBe('99,999,999,999,999,999.99');
    expect(formatoMonto('')).toBe('');
  });

  it('draws title, headers and rows; the CFDI PDF still renders after it (one font set-up)', async () => {
    const pdf = await tablaPdf({
      titulo: 'Estado de resultados', subtitulos: ['RFC EKU9003173C9'], columnas: ['Cuenta', 'Descripción', 'Del mes'], montos: [2],
      filas: [['', 'Ingresos', '13544'], ['401.01', 'Ventas y/o servicios gravados a la tasa general', '13544.00']], negritas: [0],
    }, { compress: false });
    const text = pdfText(pdf);
    expect(text).toContain('Estado de resultados');
    expect(text).toContain('13,544.00');
    expect(text).toContain('Ventas y/o servicios gravados');
    const cfdi = await renderPdf(parseXml(readFixture('cfdi', 'cfdi40-real.xml')), { compress: false });
    expect(pdfText(cfdi)).toContain('C2832671-DA6D-11EF-A83D-00155D012007');
  });
});
