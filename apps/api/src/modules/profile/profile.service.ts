import { eq } from 'drizzle-orm';
import {
  personaFromRfc, type ChangePasswordInput, type Profile, type ProfileAddress, type ProfileUpdateValues, routes,
} from '@facturo/contract';
import { findEntry, municipios } from '@facturo/cfdi/catalogs';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { verifyPassword } from '../../security/passwords';
import { findUserById, type UserRow } from '../auth/auth.repository';
import { replacePassword } from '../auth/auth.service';
import { estadosMx } from '../catalogs/catalogs.service';
import { fiscalDataErrors } from '../catalogs/fiscal-data-checks';
import { profileDetails } from './profile.schema';

type DetailsRow = typeof profileDetails.$inferSelect;
export const AVATAR_URL = routes['profile.avatar'].path;

async function loadDetails(db: Db, userId: number): Promise<DetailsRow | undefined> {
  const [row] = await db.select().from(profileDetails).where(eq(profileDetails.userId, userId)).limit(1);
  return row;
}

/** Creates or updates the tenant's profile_details row. */
export async function saveDetails(db: Db, userId: number, values: Partial<Omit<DetailsRow, 'userId' | 'updatedAt'>>): Promise<void> {
  await db.insert(profileDetails).values({ userId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: profileDetails.userId, set: { ...values, updatedAt: new Date() } });
}

function addressOf(user: UserRow, d: DetailsRow | undefined): ProfileAddress {
  const estado = user.estado ? estadosMx().find((e) => e.clave === user.estado) : undefined;
  const municipio = user.estado && user.municipio ? municipios(user.estado).find((m) => m.clave === user.municipio) : undefined;
  return {
    cp: user.cp, estado: user.estado, estadoNombre: estado?.nombre ?? null, municipio: user.municipio, municipioNombre: municipio?.nombre ?? null,
    calle: d?.calle ?? null, numExterior: d?.numExterior ?? null, numInterior: d?.numInterior ?? null, colonia: d?.colonia ?? null,
    timeZone: user.timeZone,
  };
}

/** `GET /api/profile`: the whole profile, or only its address part. */
export async function getProfile(db: Db, userId: number, onlyAddress: boolean): Promise<Profile | { address: ProfileAddress }> {
  const user = await findUserById(db, userId);
  if (!user) throw forbidden();
  const details = await loadDetails(db, userId);
  const address = addressOf(user, details);
  if (onlyAddress) return { address };
  return {
    rfc: user.rfc, email: user.email, fullName: user.fullName, persona: personaFromRfc(user.rfc),
    regimen: user.regimen, regimenDescripcion: user.regimen ? (findEntry('c_RegimenFiscal', user.regimen)?.descripcion ?? null) : null,
    phone: details?.phone ?? null, img: details?.avatarFile ? user.img : null, rol: user.rolId, planId: user.planId,
    created_at: user.createdAt.toISOString(), address,
  };
}

/** `PUT /api/profile`: every catalog error at once (422, nothing saved), else both rows in one transaction. */
export async function updateProfile(db: Db, userId: number, rfc: string, input: ProfileUpdateValues): Promise<Profile> {
  const errors = await fiscalDataErrors(rfc, input);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  await db.transaction(async (tx) => {
    await tx.update(users).set({
      fullName: input.fullName, regimen: input.regimen, cp: input.cp, estado: input.estado, municipio: input.municipio,
      timeZone: input.timeZone, updatedAt: new Date(),
    }).where(eq(users.id, userId));
    await saveDetails(tx, userId, { phone: input.phone, calle: input.calle, numExterior: input.numExterior, numInterior: input.numInterior, colonia: input.colonia });
  });
  return (await getProfile(db, userId, false)) as Profile;
}

/**
 * `POST /api/profile/password`: checks the current password, stores the new hash and bumps the
 * token version so every other session ends; the caller signs a fresh token from the returned row.
 */
export async function changePassword(db: Db, userId: number, input: ChangePasswordInput): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw forbidden();
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new AppError(422, 'La contraseña actual no es correcta', { current_password: ['La contraseña actual no es correcta'] });
  }
  return replacePassword(db, userId, input.password);
}
