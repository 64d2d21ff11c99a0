import { useState } from 'react';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { useSession } from '../../../shared/session/session-store';
import { toastSuccess } from '../../../shared/ui/toasts';
import { cardsQuery, refreshPaymentState } from '../api/payments-api';
import { CardPicker } from './card-picker';
import { AddCardForm } from './add-card-form';

/** The subscription-payment page's way out (§8 402): retry the failed charge, with another card if chosen. */
export function RetryPaymentPanel() {
  const { user } = useSession();
  const rfc = user?.username ?? '';
  const client = useQueryClient();
  const navigate = useNavigate();
  const cards = useQuery(cardsQuery(rfc));
  const [card, setCard] = useState<string | null>(null);
  const retry = useMutation({
    mutationFn: () => call(routes['payments.retry'], { body: card ? { paymentMethod: card } : {} }),
    onSuccess: async (res) => {
      toastSuccess(res.message, 'Pago realizado');
      await refreshPaymentState(client, rfc);
      void navigate('/dashboard/home');
    },
  });
  if (cards.isPending) return <Loader />;
  const verified = (cards.data?.data ?? []).filter((c) => c.verified);
  return (
    <Stack gap="sm" data-testid="retry-payment">
      <Text fw={600}>Reintentar el pago</Text>
      {verified.length > 0 && <CardPicker cards={verified} value={card} onChange={setCard} label="Pagar con" />}
      <Button onClick={() => retry.mutate()} loading={retry.isPending}>Reintentar pago</Button>
      <Text size="sm" c="dimmed">¿Otra tarjeta? Agrégala aquí y elígela arriba.</Text>
      <AddCardForm onAdded={(id) => setCard(id)} />
    </Stack>
  );
}
