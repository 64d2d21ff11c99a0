import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { findTfd } from '../stamp/tfd';
import { findChild, parseXml } from '../xml';
import { qrDataUrl, qrPng, qrSvg } from './qr-image';
import { formatTotal10x6, formatTotal18x6, verificationUrl } from './verification-url';

describe('verificationUrl', () => {
  it('builds the 4.0 URL of cfdi40-real from its attributes', () => {
    const root = parseXml(readFixture('cfdi', 'cfdi40-real.xml'));
    const url = verificationUrl({
      uuid: findTfd(root)!.attrs.get('UUID')!,
      rfcEmisor: findChild(root, root.ns, 'Emisor')!.attrs.get('Rfc')!,
      rfcReceptor: findChild(root, root.ns, 'Receptor')!.attrs.get('Rfc')!,
      total: root.attrs.get('Total')!,
      sello: root.attrs.get('Sello')!,
    });
    // Worked by hand: Total="1000.00" → 1000.0; Sello ends in "…b1NcspFoYRhNjeNw==" → last 8 "hNjeNw==".
    expect(url).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx' +
        '?id=C2832671-DA6D-11EF-A83D-00155D012007&re=ISD950921HE5&rr=COSC8001137NA&tt=1000.0&fe=hNjeNw==',
    );
  });

  it('formats tt with up to six decimals and escapes RFCs with &', () => {
    expect(formatTotal18x6('3327.01')).toBe('3327.01');
    expect(formatTotal18x6('0')).toBe('0.0');
    expect(formatTotal18x6('12.3456789')).toBe('12.345679');
    expect(formatTotal18x6('853.448276')).toBe('853.448276');
    const url = verificationUrl({ uuid: 'U', rfcEmisor: 'A&B010101AAA', rfcReceptor: 'XAXX010101000', total: '5', sello: 'abcdefghij' });
    expect(url).toContain('re=A&amp;B010101AAA&rr=XAXX010101000&tt=5.0&fe=cdefghij');
  });

  it('has the older 3.2 form with a zero-padded total and no sello', () => {
    expect(formatTotal10x6('1160.5')).toBe('0000001160.500000');
    expect(verificationUrl({ uuid: 'U', rfcEmisor: 'E', rfcReceptor: 'R', total: '1160.5', sello: 's' }, { standard: '3.2' })).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?re=E&rr=R&tt=0000001160.500000&id=U',
    );
  });
});

describe('QR images', () => {
  it('renders PNG, data URL and SVG', async () => {
    const text = 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=X';
    const png = await qrPng(text, 200);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR width at byte 16 (big endian).
    expect(Buffer.from(png).readUInt32BE(16)).toBe(200);
    expect(await qrDataUrl(text)).toMatch(/^data:image\/png;base64,/);
    expect(await qrSvg(text)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });
});
