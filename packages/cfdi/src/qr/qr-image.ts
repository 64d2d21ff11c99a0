import QRCode from 'qrcode';

/**
 * Error correction M and a 4-module quiet zone: the Anexo 20 asks for a readable code of at least
 * 2.75 cm; M keeps the ~100-character URL at a version small enough to print that size crisply.
 */
const OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 4 };

/** The QR as a PNG image (bytes). */
export async function qrPng(text: string, width = 300): Promise<Uint8Array> {
  const buffer = await QRCode.toBuffer(text, { ...OPTIONS, type: 'png', width });
  return new Uint8Array(buffer);
}

/** The QR as a `data:image/png;base64,…` URL, the form pdfmake and <img> accept. */
export function qrDataUrl(text: string, width = 300): Promise<string> {
  return QRCode.toDataURL(text, { ...OPTIONS, type: 'image/png', width });
}

/** The QR as an SVG string, for the web viewer. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: 'svg' });
}
