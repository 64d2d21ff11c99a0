import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiKey, ApiKeyCreate } from '@facturo/contract';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { hashApiKey, newApiKey } from './api-key-secret';

type Row = typeof apiKeys.$inferSelect;

function toApiKey(r: Row): ApiKey {
  return {
    id: r.id, nombre: r.nombre, modo: r.modo, vista: `fk_${r.modo}_…${r.last4}`, creada: r.createdAt.toISOString(),
    ultimoUso: r.lastUsedAt?.toISOString() ?? null, revocada: r.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Db, userId: number): Promise<{ llaves: ApiKey[] }> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { llaves: rows.map(toApiKey) };
}

/** POST /api/api-keys: the only moment the key exists outside the caller's hands. */
export async function createApiKey(db: Db, userId: number, body: ApiKeyCreate) {
  const key = newApiKey(body.modo);
  const [row] = await db.insert(apiKeys).values({ userId, nombre: body.nombre, modo: body.modo, keyHash: hashApiKey(key), last4: key.slice(-4) }).returning();
  return { id: row!.id, key, nombre: row!.nombre, modo: row!.modo };
}

/** DELETE /api/api-keys/:id: the next request with the key is a 401 (the hook reads the row every time). */
export async function revokeApiKey(db: Db, userId: number, id: number): Promise<{ message: string }> {
  const [row] = await db.update(apiKeys).set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning({ id: apiKeys.id });
  if (!row) {
    const [exists] = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id)));
    if (!exists) throw notFound('La llave de API no existe');
  }
  return { message: 'Llave revocada' };
}

export interface KeyAccount { keyId: number; modo: 'test' | 'live'; user: typeof users.$inferSelect }

/** The live key and its account, or null (unknown or revoked: the same 401). */
export async function accountByApiKey(db: Db, key: string): Promise<KeyAccount | null> {
  const [row] = await db.select({ key: apiKeys, user: users }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt))).limit(1);
  if (!row) return null;
  // "Last used" to the minute: one write per key per minute, not one per request.
  const minuteAgo = new Date(Date.now() - 60_000);
  if (!row.key.lastUsedAt || row.key.lastUsedAt < minuteAgo) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() })
      .where(and(eq(apiKeys.id, row.key.id), eq(apiKeys.userId, row.key.userId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
  }
  return { keyId: row.key.id, modo: row.key.modo, user: row.user };
}
