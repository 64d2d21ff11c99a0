import { formatMoney } from '@facturo/cfdi/money';
import type { Card } from '@facturo/contract';
import { confirmAction } from '../../../shared/ui/confirm';

/** «Se cargarán $225.00 MXN a la tarjeta terminación 4242» — the sentence every charge asks first (issue 25 §2, §9). */
export const chargeSentence = (amount: string, card: Pick<Card, 'last4'>) => `Se cargarán ${formatMoney(amount)} MXN a la tarjeta terminación ${card.last4}`;

/** Asks before any charge, naming the amount and the card; nothing is charged until «Pagar» is pressed. */
export function confirmCharge({ title, amount, card, detail, onConfirm }: { title: string; amount: string; card: Pick<Card, 'last4'>; detail?: string; onConfirm: () => void }): void {
  confirmAction({
    title,
    text: `${chargeSentence(amount, card)}${detail ? `. ${detail}` : ''}.`,
    confirm: `Pagar ${formatMoney(amount)}`,
    cancel: 'Cancelar',
    color: 'indigo',
    onConfirm,
  });
}
