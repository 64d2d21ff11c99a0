import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors';

/**
 * The request's `Idempotency-Key` header (stamping routes: invoices, retentions, …): printable ASCII, at most 200
 * characters (the column's size); undefined when absent or empty, a 400 naming the header otherwise.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return undefined;
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw fieldError('idempotency-key', 'La cabecera Idempotency-Key debe tener de 1 a 200 caracteres visibles, sin espacios');
  }
  return key;
}
