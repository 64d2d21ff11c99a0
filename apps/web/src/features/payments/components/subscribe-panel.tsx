import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { useSession } from '../../../shared/session/session-store';
import { toastSuccess } from '../../../shared/ui/toasts';
import { customerQuery, refreshPaymentState } from '../api/payments-api';
import { CardPicker } from './card-picker';
import { confirmCharge } from './charge-confirm';

/** Subscribe to a paid plan's price with one of the account's verified cards. */
export function SubscribePanel({ priceId, planName, amount }: { priceId: string | null; planName: string; amount: string }) {
  const { user } = useSession();
  const rfc = user?.username ?? '';
  const client = useQueryClient();
  const customer = useQuery(customerQuery(rfc));
  const [card, setCard] = useState<string | null>(null);
  const subscribe = useMutation({
    mutationFn: () => call(routes['payments.subscribe'], { body: { priceId: priceId ?? '', paymentMethod: card ?? customer.data?.payMethods[0]?.id ?? '', cancelAtPeriodEnd: false } }),
    onSuccess: async (res) => {
      toastSuccess(res.message, 'Suscripción activa');
      await refreshPaymentState(client, rfc);
    },
  });
  const cards = customer.data?.payMethods ?? [];
  if (!priceId) return null;
  if (customer.isSuccess && cards.length === 0) {
    return (
      <Stack gap="xs">
        <Alert color="indigo" variant="light">Agrega una tarjeta para contratar {planName}.</Alert>
        <Button component={Link} to="/payment-cards" fullWidth>Agregar tarjeta</Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" data-testid="subscribe-panel">
      <CardPicker cards={cards} value={card ?? cards[0]?.id ?? null} onChange={setCard} label="Pagar con" />
      <Button fullWidth loading={subscribe.isPending} disabled={!customer.isSuccess}
        onClick={() => {
          // Issue 25 §9: the amount and the card are confirmed before the charge.
          const chosen = cards.find((c) => c.id === card) ?? cards[0];
          if (chosen) confirmCharge({ title: `Contratar ${planName}`, amount, card: chosen, onConfirm: () => subscribe.mutate() });
        }}>Contratar {planName}</Button>
      <Text size="xs" c="dimmed">Se cobra hoy y se renueva automáticamente; puedes cancelar cuando quieras.</Text>
    </Stack>
  );
}

/** Schedules the cancellation at period end (the role returns to free when the paid period ends). */
export function CancelSubscriptionButton() {
  const { user } = useSession();
  const rfc = user?.username ?? '';
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => call(routes['payments.cancel'], { query: { cancelWhenPeriodEnds: 'true' } }),
    onSuccess: async (res) => {
      toastSuccess(res.message, 'Cancelación programada');
      await refreshPaymentState(client, rfc);
    },
  });
  return <Button variant="light" color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>Cancelar al final del periodo</Button>;
}
