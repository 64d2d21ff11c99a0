import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@facturo/contract';
import { describeQueryError, isDatabaseUnavailable } from './db-errors';

/** The one error type services throw; the handler turns it into `{message, errors?}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra top-level fields of the answer (e.g. where to go next). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new AppError(422, message, errors);
export const fieldError = (field: string, message: string, status = 422) => new AppError(status, message, { [field]: [message] });
export const notFound = (message: string = messages.notFound) => new AppError(404, message);
export const forbidden = (message: string = messages.forbidden) => new AppError(403, message);
export const unauthorized = (message: string = messages.unauthorized) => new AppError(401, message);
export const tooManyRequests = () => new AppError(429, messages.tooManyRequests);

/** What a 4xx that carries only its English reason phrase says instead (issue 25 §9: no English on screen). */
const SPANISH_4XX: Record<number, string> = {
  400: 'La solicitud no es válida',
  401: messages.unauthorized,
  403: messages.forbidden,
  404: messages.notFound,
  405: 'Método no permitido para esta ruta',
  406: 'No se puede responder en el formato solicitado',
  415: 'El tipo de contenido de la solicitud no se admite',
};

export const DB_UNAVAILABLE_MESSAGE = 'El servicio no está disponible en este momento: no hay conexión con la base de datos. Inténtalo de nuevo en unos minutos.';

/** 413 texts: say what was too large (issue 17 §8) instead of always blaming "the file". */
export const TOO_LARGE = {
  body: (mb: number) => `El cuerpo de la solicitud excede el tamaño permitido (${mb} MB)`,
  /** A route with a tighter limit of its own (the payments webhook: 256 kB). */
  bodyKb: (kb: number) => `El cuerpo de la solicitud excede el tamaño permitido (${kb} kB)`,
  file: (mb: number) => `El archivo excede el tamaño permitido (${mb} MB)`,
  files: (n: number) => `Se enviaron demasiados archivos (máximo ${n})`,
  fields: (n: number) => `El formulario tiene demasiados campos (máximo ${n})`,
  parts: 'El formulario tiene demasiadas partes',
};

export interface UploadLimits { bodyBytes: number; fileBytes: number; files: number; fields: number }

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

export function registerErrorHandler(app: FastifyInstance, limits: UploadLimits): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const p = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
        const key = p || (issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || 'body';
        (errors[key] ??= []).push(issue.message ?? messages.invalidData);
      }
      const first = Object.values(errors)[0]?.[0];
      // A path id outside the int4 range (contract idParam) names no record: 404, not 422.
      // (fastify-type-provider-zod copies the zod issue's other keys, `params` included, into `params`.)
      const outOfRange = err.validation.some((issue) =>
        (issue.params as { params?: { notFound?: boolean } } | undefined)?.params?.notFound === true);
      if (err.validationContext === 'params' && outOfRange) return reply.code(404).send({ message: first ?? messages.notFound });
      return reply.code(422).send({ message: first ?? messages.invalidData, errors });
    }
    if (err.statusCode === 429) return reply.code(429).send({ message: messages.tooManyRequests });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err.code?.startsWith('FST_'))) {
      return reply.code(400).send({ message: 'El cuerpo de la solicitud no es válido' });
    }
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ message: TOO_LARGE.file(mb(limits.fileBytes)) });
    if (err.code === 'FST_FILES_LIMIT') return reply.code(413).send({ message: TOO_LARGE.files(limits.files) });
    if (err.code === 'FST_FIELDS_LIMIT') return reply.code(413).send({ message: TOO_LARGE.fields(limits.fields) });
    if (err.code === 'FST_PARTS_LIMIT') return reply.code(413).send({ message: TOO_LARGE.parts });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      // A route that sets its own body limit (serve config `bodyLimitBytes`) names that limit, not the app's.
      const own = (req.routeOptions?.config as { bodyLimitBytes?: number } | undefined)?.bodyLimitBytes;
      return reply.code(413).send({ message: own ? TOO_LARGE.bodyKb(Math.round(own / 1024)) : TOO_LARGE.body(mb(limits.bodyBytes)) });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // A plugin's bare HTTP reason ("Forbidden" from the static files for `//` in a path) is said in Spanish.
      const bare = err.message === STATUS_CODES[err.statusCode];
      return reply.code(err.statusCode).send({ message: bare ? (SPANISH_4XX[err.statusCode] ?? messages.invalidData) : err.message });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ code: (err.cause as { code?: string } | undefined)?.code ?? err.code }, 'base de datos no disponible');
      return reply.code(503).send({ message: DB_UNAVAILABLE_MESSAGE });
    }
    const query = describeQueryError(err);
    // Never { err }: a failed query's message and stack carry its parameters (the user's typed data).
    if (query) req.log.error({ query }, 'consulta fallida');
    else req.log.error({ err: { type: err.name, message: err.message, code: err.code, stack: err.stack } }, 'unhandled error');
    return reply.code(500).send({ message: messages.unexpected });
  });
}
