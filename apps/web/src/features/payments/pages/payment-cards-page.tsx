import { ActionIcon, Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { useSession } from '../../../shared/session/session-store';
import { toastSuccess } from '../../../shared/ui/toasts';
import { cardsQuery, refreshPaymentState } from '../api/payments-api';
import { AddCardForm } from '../components/add-card-form';

/** /payment-cards: the account's cards, add (test provider form) and delete. */
export function PaymentCardsPage() {
  const { user } = useSession();
  const rfc = user?.username ?? '';
  const client = useQueryClient();
  const cards = useQuery(cardsQuery(rfc));
  const remove = useMutation({
    mutationFn: (pmId: string) => call(routes['payments.deleteCard'], { body: { pmId } }),
    onSuccess: async () => {
      toastSuccess('La tarjeta se eliminó', 'Tarjeta eliminada');
      await refreshPaymentState(client, rfc);
    },
  });
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Métodos de pago</Title>
        <Text c="dimmed">Tarjetas con las que pagas tu suscripción y tus paquetes de timbres</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="lg" padding="lg">
          <Title order={4} mb="sm">Tus tarjetas</Title>
          {cards.isPending ? <Loader /> : cards.isError ? <Alert color="red">No se pudieron cargar tus tarjetas</Alert> : cards.data.data.length === 0 ? (
            <Text c="dimmed" data-testid="no-cards">Aún no tienes tarjetas registradas</Text>
          ) : (
            <Stack gap="xs" data-testid="card-list">
              {cards.data.data.map((c) => (
                <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="card-row">
                  <div>
                    <Text fw={600}>{c.brand.toUpperCase()} •••• {c.last4}</Text>
                    <Text size="sm" c="dimmed">{c.name} · vence {String(c.expMonth).padStart(2, '0')}/{c.expYear}</Text>
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    {c.verified ? <Badge color="teal">Verificada</Badge> : <Badge color="red">Sin verificar</Badge>}
                    <ActionIcon variant="subtle" color="red" aria-label={`Eliminar tarjeta ${c.last4}`} onClick={() => remove.mutate(c.id)} loading={remove.isPending}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={4} mb="sm">Agregar tarjeta</Title>
          <AddCardForm />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
