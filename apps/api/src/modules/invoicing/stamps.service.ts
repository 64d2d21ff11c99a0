import { eq, sql } from 'drizzle-orm';
import { STAMP_PACKAGES, type StampPackage } from '@facturo/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { stampBalances, stampMovements } from '../cfdis/cfdis.schema';
import type { PaymentsPort } from '../../providers/payments/payments-port';

const packages = () => Object.entries(STAMP_PACKAGES).map(([paquete, precio]) => ({ paquete, precio }));

export async function stampBalance(db: Db, userId: number): Promise<{ balance: number; paquetes: { paquete: string; precio: string }[] }> {
  const [row] = await db.select({ balance: stampBalances.balance }).from(stampBalances).where(eq(stampBalances.userId, userId));
  return { balance: row?.balance ?? 0, paquetes: packages() };
}

/**
 * POST /api/timbres {paquete}: charges the package through the payments port, then credits the stamps and
 * writes the ledger line in one transaction. A refused charge changes nothing (402).
 */
export async function buyStamps(db: Db, payments: PaymentsPort, userId: number, paquete: StampPackage) {
  const stamps = Number(paquete);
  const charge = await payments.charge({ amount: STAMP_PACKAGES[paquete], description: `Paquete de ${stamps} timbres`, reference: `${userId}:${paquete}` });
  if (charge.status !== 'paid') throw new AppError(402, 'El pago del paquete de timbres no se completó; revisa tu método de pago');
  const balance = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stampBalances)
      .values({ userId, balance: stamps })
      .onConflictDoUpdate({ target: stampBalances.userId, set: { balance: sql`${stampBalances.balance} + ${stamps}` } })
      .returning({ balance: stampBalances.balance });
    await tx.insert(stampMovements).values({ userId, delta: stamps, reason: 'compra', reference: charge.paymentId });
    return row!.balance;
  });
  return { balance, paymentId: charge.paymentId, message: `Se agregaron ${stamps} timbres a tu saldo` };
}
