import { extractText, getDocumentProxy } from 'unpdf';
import { badRequest, fieldError } from '../../http/errors';
import { extractCsf, NotACsfError, type CsfData } from './csf-extract';

/** Pages a constancia has at most (SAT's is 2-4); anything longer is not one and is not read further. */
const MAX_PAGES = 10;

/**
 * Reads an uploaded PDF's text and extracts the constancia's data.
 * @throws AppError 422 naming the `file` field when the upload is not a readable PDF or not a CSF.
 */
export async function readCsfPdf(bytes: Buffer): Promise<CsfData> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw fieldError('file', 'El archivo debe ser un PDF');
  let text: string;
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    if (pdf.numPages > MAX_PAGES) throw new NotACsfError('El archivo no es una Constancia de Situación Fiscal del SAT');
    text = (await extractText(pdf, { mergePages: false })).text.join('\n');
  } catch (err) {
    if (err instanceof NotACsfError) throw fieldError('file', err.message);
    throw badRequest('No se pudo leer el PDF; verifica que no esté dañado ni protegido', { file: ['No se pudo leer el PDF; verifica que no esté dañado ni protegido'] });
  }
  try {
    return extractCsf(text);
  } catch (err) {
    if (err instanceof NotACsfError) throw fieldError('file', err.message);
    throw err;
  }
}
