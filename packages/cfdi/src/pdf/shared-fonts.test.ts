import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { parseXml } from '../xml';
import { pdfText } from './pdf-text-for-tests';
import { renderPdf } from './render-pdf';
import { renderRetencionesPdf } from './render-retenciones';

// pdfmake's fonts are one process-wide setting: the API renders both kinds in one process, in any order.
describe('PDF renderers share one font set-up', () => {
  it('a CFDI PDF (its cadena in Courier) still renders after a Retenciones PDF in the same process', async () => {
    const cfdi40 = () => parseXml(readFixture('cfdi', 'cfdi40-real.xml'));
    expect(pdfText(await renderPdf(cfdi40(), { compress: false }))).toContain('C2832671-DA6D-11EF-A83D-00155D012007');
    const retenciones = await renderRetencionesPdf(parseXml(readFixture('cfdi', 'retenciones', 'retenciones20.xml')), { compress: false });
    expect(Buffer.from(retenciones.subarray(0, 5)).toString()).toBe('%PDF-');
    const cfdi = await renderPdf(cfdi40(), { compress: false });
    expect(pdfText(cfdi)).toContain('C2832671-DA6D-11EF-A83D-00155D012007');
  });
});
