import { eq } from 'drizzle-orm';
import { STAMP_PACKAGES } from '@facturo/contract';
import type { Db } from '../../db/client';
import { stampBalances } from '../cfdis/cfdis.schema';

const packages = () => Object.entries(STAMP_PACKAGES).map(([paquete, precio]) => ({ paquete, precio }));

export async function stampBalance(db: Db, userId: number): Promise<{ balance: number; paquetes: { paquete: string; precio: string }[] }> {
  const [row] = await db.select({ balance: stampBalances.balance }).from(stampBalances).where(eq(stampBalances.userId, userId));
  return { balance: row?.balance ?? 0, paquetes: packages() };
}
