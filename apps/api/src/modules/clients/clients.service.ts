import {
  clientDisplay, personaFromRfc, RFC_EXTRANJERO, type Client, type ClientV4Input, type ClientValues, type Page, type PageQuery,
} from '@facturo/contract';
import type { Db } from '../../db/client';
import { toPage } from '../../db/paging';
import { AppError, badRequest, notFound } from '../../http/errors';
import * as repo from './clients.repository';
import type { ClientRow, NewClientRow } from './clients.schema';
import { checkReceptor, municipalityText, receptorOf, regimenText, stateText, usoText, v4Gaps, type ReceptorFields } from './client-rules';
import { foldSearch } from './search-text';

const NOT_FOUND = 'El cliente no existe';
const INVALID = 'Revisa los datos del cliente';

/** The API shape of a stored customer (spec §3 Customer plus the CFDI 4.0 receptor data). */
export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    rfc: row.rfc,
    r_social: row.rSocial,
    email: row.emails,
    persona: row.persona,
    regimen: row.regimen,
    regimen_descripcion: regimenText(row.regimen),
    uso_cfdi: row.usoCfdi,
    uso_cfdi_descripcion: usoText(row.usoCfdi),
    domicilio: { cp: row.cp },
    state: row.state,
    state_name: stateText(row.state),
    municipality: row.municipality,
    municipality_name: municipalityText(row.municipality, row.state),
    pais: row.pais,
    num_reg_id_trib: row.numRegIdTrib,
    v4_missing: v4Gaps(row),
    display: clientDisplay({ rfc: row.rfc, r_social: row.rSocial }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Customers of the tenant, by razón social, filtered by RFC or razón social (accents ignored). */
export async function listClients(db: Db, userId: number, q: PageQuery): Promise<Page<Client>> {
  return toPage(await repo.listClients(db, userId, q), q, toClient);
}

export async function getClient(db: Db, userId: number, id: number): Promise<Client> {
  const row = await repo.findClient(db, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toClient(row);
}

/** Validates against the catalogs and the tenant's other customers; returns the row values. */
async function validated(db: Db, userId: number, r: ReceptorFields, rSocial: string, emails: string[], exceptId?: number): Promise<NewClientRow> {
  const { errors, address } = checkReceptor(r);
  const duplicate = await repo.findDuplicate(db, userId, { rfc: r.rfc, pais: r.pais, numRegIdTrib: r.num_reg_id_trib }, exceptId);
  if (duplicate) {
    if (r.rfc === RFC_EXTRANJERO) (errors.num_reg_id_trib ??= []).push(`Ya tienes un cliente extranjero con el registro tributario ${r.num_reg_id_trib}`);
    else (errors.rfc ??= []).push(`Ya tienes un cliente con el RFC ${r.rfc}: ${duplicate.rSocial}`);
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0] ?? INVALID, errors);
  return {
    userId,
    rfc: r.rfc,
    rSocial,
    emails,
    persona: personaFromRfc(r.rfc),
    regimen: r.regimen,
    usoCfdi: r.uso_cfdi,
    cp: r.cp,
    state: address.state,
    municipality: address.municipality,
    pais: r.rfc === RFC_EXTRANJERO ? r.pais : 'MEX',
    numRegIdTrib: r.num_reg_id_trib,
    searchText: foldSearch(`${r.rfc} ${rSocial}`),
  };
}

/** Two requests racing past the duplicate check meet the unique index: answer as the check would. */
function duplicateFromIndex(err: unknown, rfc: string): never {
  if (repo.isUniqueViolation(err)) throw badRequest(`Ya tienes un cliente con el RFC ${rfc}`, { rfc: [`Ya tienes un cliente con el RFC ${rfc}`] });
  throw err;
}

export async function createClient(db: Db, userId: number, input: ClientValues): Promise<Client> {
  const values = await validated(db, userId, receptorOf(input), input.r_social, input.email);
  try {
    return toClient(await repo.insertClient(db, values));
  } catch (err) {
    return duplicateFromIndex(err, input.rfc);
  }
}

export async function updateClient(db: Db, userId: number, id: number, input: ClientValues): Promise<Client> {
  if (!(await repo.findClient(db, userId, id))) throw notFound(NOT_FOUND);
  const values = await validated(db, userId, receptorOf(input), input.r_social, input.email, id);
  try {
    const row = await repo.updateClient(db, userId, id, values);
    if (!row) throw notFound(NOT_FOUND);
    return toClient(row);
  } catch (err) {
    return duplicateFromIndex(err, input.rfc);
  }
}

/**
 * PATCH v4: updates only the CFDI 4.0 receptor data (razón social as on the CSF, régimen, CP of the
 * domicilio fiscal, default uso CFDI). A new CP moves estado and municipio to where the CP is.
 */
export async function patchClientV4(db: Db, userId: number, id: number, input: ClientV4Input): Promise<Client> {
  const row = await repo.findClient(db, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  const cpChanged = input.cp !== undefined && input.cp !== row.cp;
  const receptor: ReceptorFields = {
    rfc: row.rfc,
    regimen: input.regimen ?? row.regimen,
    uso_cfdi: (input.uso_cfdi ?? row.usoCfdi).toUpperCase(),
    cp: input.cp ?? row.cp,
    state: cpChanged ? null : row.state,
    municipality: cpChanged ? null : row.municipality,
    pais: row.pais,
    num_reg_id_trib: row.numRegIdTrib,
  };
  const values = await validated(db, userId, receptor, input.r_social ?? row.rSocial, row.emails, id);
  const updated = await repo.updateClient(db, userId, id, values);
  if (!updated) throw notFound(NOT_FOUND);
  return toClient(updated);
}

/** Deletes a customer unless documents were issued to it (they must keep pointing at it). */
export async function deleteClient(db: Db, userId: number, id: number): Promise<{ message: string }> {
  const row = await repo.findClient(db, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  const invoices = await repo.countInvoicesForCustomer(db, userId, id);
  if (invoices > 0) {
    throw new AppError(409, `No puedes eliminar a ${clientDisplay({ rfc: row.rfc, r_social: row.rSocial })}: tiene ${invoices} ${invoices === 1 ? 'factura emitida' : 'facturas emitidas'}`);
  }
  await repo.deleteClient(db, userId, id);
  return { message: 'Cliente eliminado' };
}
