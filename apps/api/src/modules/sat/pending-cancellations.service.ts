import { sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { JobContext } from '../../jobs/context';
import { cfdis } from '../cfdis/cfdis.schema';
import { checkRow } from './cfdi-status.service';
import { satProviders } from './sat-providers';

/** How many cancellations "En proceso" one run asks SAT about (oldest check first). */
const PENDING_BATCH = 300;

/** What the issuer is told when SAT settles one of its cancellations that waited for the receptor. */
const OUTCOME: Record<string, { title: string; text: string }> = {
  'Cancelado con aceptación': { title: 'Cancelación aceptada', text: 'El receptor aceptó la cancelación: el CFDI quedó cancelado ante el SAT' },
  'Plazo vencido': { title: 'Cancelado sin respuesta (plazo vencido)', text: 'El receptor no respondió en 72 horas: el SAT canceló el CFDI por plazo vencido' },
  'Solicitud rechazada': { title: 'Cancelación rechazada', text: 'El receptor rechazó la cancelación: el CFDI sigue vigente' },
};

/**
 * Issue 24 §10: the tenant's own cancellations "En proceso" (SAT waits up to 72 h for the receptor), whatever the
 * document's age, asked of SAT; an answer moves the document to Cancelada (accepted), Cancelada sin respuesta (plazo
 * vencido) or back to vigente (rechazada), with an urgent notification to the issuer. Runs with the inbox refresh.
 */
export async function resolvePendingCancellations(ctx: JobContext): Promise<{ checked: number; settled: number }> {
  const deps = satProviders(ctx);
  const rows = await ctx.db.select().from(cfdis).where(sql`${cfdis.direction} = 'emitido' AND ${cfdis.estado} = 'en_proceso'`).orderBy(cfdis.satCheckedAt).limit(PENDING_BATCH);
  let settled = 0;
  for (const row of rows) {
    try {
      const { sat, estado, changed } = await checkRow(deps, row);
      if (!changed || estado === 'en_proceso') continue;
      settled++;
      const outcome = OUTCOME[sat.estatusCancelacion] ?? (estado === 'cancelada' ? OUTCOME['Cancelado con aceptación']! : OUTCOME['Solicitud rechazada']!);
      const name = [row.serie, row.folio].filter(Boolean).join('-') || row.uuid;
      await ctx.db.insert(notifications).values({
        userId: row.userId, title: outcome.title, message: `${name} (${row.uuid}): ${outcome.text}.`, link: '/incomes', urgent: true,
      });
    } catch {
      // SAT or the PAC unreachable: the next run asks again.
    }
  }
  return { checked: rows.length, settled };
}

