import type { FastifyRequest } from 'fastify';
import { findNulField, NUL_MESSAGE } from '@facturo/contract';
import { AppError, badRequest, fieldError } from '../../http/errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface MultipartForm {
  files: Record<string, UploadedFile>;
  fields: Record<string, string>;
}

/**
 * Reads a whole multipart form into memory, refusing any file above `maxFileBytes` with a 413 that
 * names its field (the uploads here are small: certificates, keys, a picture, a PDF).
 * `tooLarge` gives the Spanish message for a field's oversize file.
 */
export async function readMultipart(
  req: FastifyRequest,
  opts: { maxFileBytes: number; tooLarge: (field: string) => string },
): Promise<MultipartForm> {
  if (!req.isMultipart()) throw badRequest('Envía el formulario como multipart/form-data con los archivos adjuntos');
  const form: MultipartForm = { files: {}, fields: {} };
  for await (const part of req.parts({ limits: { fileSize: opts.maxFileBytes } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err?.code === 'FST_REQ_FILE_TOO_LARGE') {
          const message = opts.tooLarge(part.fieldname);
          throw new AppError(413, message, { [part.fieldname]: [message] });
        }
        throw err;
      });
      if (data.length > 0) form.files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data };
    } else {
      form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
  // Multipart text fields skip the app's JSON preValidation rule: the same rule, applied here.
  const nul = findNulField(form.fields);
  if (nul !== undefined) throw fieldError(nul, NUL_MESSAGE);
  return form;
}
