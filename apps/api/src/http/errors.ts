import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@facturo/contract';

/** The one error type services throw; the handler turns it into `{message, errors?}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const p = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
        const key = p || (issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || 'body';
        (errors[key] ??= []).push(issue.message ?? messages.invalidData);
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.code(422).send({ message: first ?? messages.invalidData, errors });
    }
    if (err.statusCode === 429) return reply.code(429).send({ message: messages.tooManyRequests });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err.code?.startsWith('FST_'))) {
      return reply.code(400).send({ message: 'El cuerpo de la solicitud no es válido' });
    }
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
      return reply.code(413).send({ message: 'El archivo excede el tamaño permitido' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: messages.unexpected });
  });
}
