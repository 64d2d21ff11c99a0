import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, formatBytes } from '@facturo/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import type { UserFiles } from './file-store';
import { profileDetails } from './profile.schema';
import { AVATAR_URL, saveDetails } from './profile.service';
import type { MultipartForm } from './multipart';

export const AVATAR_FIELD = 'avatar';
export const avatarTooLarge = () => `La imagen de perfil debe pesar como máximo ${formatBytes(AVATAR_MAX_BYTES)}`;

/** The media type a picture really is, from its first bytes (the declared type is not trusted). */
export function imageTypeOf(data: Buffer): { type: string; ext: string } | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { type: 'image/png', ext: 'png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { type: 'image/jpeg', ext: 'jpg' };
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { type: 'image/webp', ext: 'webp' };
  }
  return null;
}

/** Stores a new profile picture (≤ 1 MB, PNG/JPEG/WebP) and removes the previous one. */
export async function uploadAvatar(db: Db, files: UserFiles, userId: number, form: MultipartForm): Promise<{ message: string; img: string }> {
  const file = form.files[AVATAR_FIELD];
  if (!file) throw fieldError(AVATAR_FIELD, 'Adjunta la imagen de perfil');
  if (file.data.length > AVATAR_MAX_BYTES) throw fieldError(AVATAR_FIELD, avatarTooLarge(), 413);
  const kind = imageTypeOf(file.data);
  if (!kind) throw fieldError(AVATAR_FIELD, 'La imagen de perfil debe ser PNG, JPG o WebP');
  const [previous] = await db.select({ file: profileDetails.avatarFile }).from(profileDetails).where(eq(profileDetails.userId, userId)).limit(1);
  const name = await files.save(userId, 'avatar', kind.ext, file.data);
  // The version in the URL lets browsers cache each picture and still see a new one at once.
  const img = `${AVATAR_URL}?v=${name.slice(7, 15)}`;
  await db.transaction(async (tx) => {
    await saveDetails(tx, userId, { avatarFile: name, avatarType: kind.type });
    await tx.update(users).set({ img, updatedAt: new Date() }).where(eq(users.id, userId));
  });
  if (previous?.file) await files.remove(userId, previous.file).catch(() => undefined);
  return { message: 'Tu imagen de perfil se actualizó', img };
}

/** The tenant's own picture bytes and type. */
export async function readAvatar(db: Db, files: UserFiles, userId: number): Promise<{ data: Buffer; type: string }> {
  const [row] = await db.select().from(profileDetails).where(eq(profileDetails.userId, userId)).limit(1);
  if (!row?.avatarFile || !row.avatarType) throw notFound('No tienes imagen de perfil');
  return { data: await files.read(userId, row.avatarFile), type: row.avatarType };
}
