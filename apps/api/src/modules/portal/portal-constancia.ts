import type { FastifyRequest } from 'fastify';
import { portalTicketLookupSchema, type PortalConstancia } from '@facturo/contract';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { csfPrefill } from '../clients/csf.service';
import { CSF_MAX_BYTES } from '../profile/csf.service';
import { readMultipart } from '../profile/multipart';
import { provenTicket } from './portal-public';

/**
 * The public page's "fill from my constancia" (decision 310): the customer's fiscal data read from their CSF PDF by
 * the clients module's parser. Only behind a proven ticket (folio + total, the same 404 as every public entry), so
 * the portal is not a free CSF reader for anyone; nothing is stored.
 */
export async function constanciaPrefill(db: Db, req: FastifyRequest, slug: string): Promise<PortalConstancia> {
  const form = await readMultipart(req, { maxFileBytes: CSF_MAX_BYTES, tooLarge: () => 'La constancia debe pesar como máximo 5 MB' });
  const proof = portalTicketLookupSchema.safeParse(form.fields);
  if (!proof.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of proof.error.issues) (errors[issue.path.join('.') || 'folio'] ??= []).push(issue.message);
    throw badRequest(proof.error.issues[0]!.message, errors);
  }
  // The ticket first: an unknown folio or a wrong total never gets its PDF read.
  await provenTicket(db, slug, proof.data.folio, proof.data.total);
  const pdf = form.files.file?.data;
  if (!pdf) throw badRequest('Adjunta el PDF de tu Constancia de Situación Fiscal', { file: ['Adjunta el PDF de tu Constancia de Situación Fiscal'] });
  const csf = await csfPrefill(pdf);
  // Simple on purpose: the first régimen the SAT lists that fits the RFC's persona type; the list lets the page offer the others.
  return { rfc: csf.rfc, nombre: csf.r_social, cp: csf.cp, regimen: csf.regimen, regimenes: csf.regimenes };
}
