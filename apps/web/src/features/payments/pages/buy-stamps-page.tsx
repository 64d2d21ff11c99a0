import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconCircleCheck, IconShoppingCart } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { routes, type StampPackage } from '@facturo/contract';
import { formatMoney } from '@facturo/cfdi/money';
import { call } from '../../../shared/api/call';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { useSession } from '../../../shared/session/session-store';
import { toastSuccess } from '../../../shared/ui/toasts';
import { customerQuery, refreshPaymentState, stampsBalanceQuery } from '../api/payments-api';
import { AddCardForm } from '../components/add-card-form';
import { CardPicker } from '../components/card-picker';
import { confirmCharge } from '../components/charge-confirm';
import { LowStampsAlert } from '../components/stamps-links';
import { OxxoVoucher, type Voucher } from '../components/oxxo-voucher';
import { confirmAction } from '../../../shared/ui/confirm';

/**
 * /buy-stamps «Comprar timbres» (issue 25 §2): a package at the catalog's price, the saved card or a new one,
 * a confirmation naming the amount and the card before any charge; the receipt (or the rejected charge) lands
 * in Pagos. The provider charges and its webhook credits the balance, once.
 */
export function BuyStampsPage() {
  const rfc = useSession().user?.username ?? '';
  const client = useQueryClient();
  const stamps = useQuery(stampsBalanceQuery(rfc));
  const customer = useQuery(customerQuery(rfc));
  const [paquete, setPaquete] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; balance: number } | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  // Cash at OXXO (spec §7.14): the provider issues a voucher; nothing is charged and no stamp is credited until it is paid.
  const oxxo = useMutation({
    mutationFn: (id: StampPackage) => call(routes['payments.setupIntentVoucher'], { params: { id }, passThrough: true }),
    onMutate: () => { setError(null); setVoucher(null); },
    onSuccess: (res) => setVoucher(res.voucher ?? null),
    onError: (e) => setError(isApiError(e) ? formatApiErrorLines(e.body) : ['No se pudo generar la ficha de pago; inténtalo de nuevo.']),
  });
  const buy = useMutation({
    mutationFn: (body: { paquete: StampPackage; paymentMethod: string }) => call(routes['invoicing.buyStamps'], { body, passThrough: true }),
    onMutate: () => { setError(null); setDone(null); },
    onSuccess: (res) => {
      setDone({ message: res.message, balance: res.balance });
      toastSuccess(res.message, 'Compra realizada');
    },
    onError: (e) => setError(isApiError(e) ? formatApiErrorLines(e.body) : ['No se pudo completar la compra; inténtalo de nuevo.']),
    // Paid or rejected, the history and the balance changed.
    onSettled: async () => {
      await refreshPaymentState(client, rfc);
      await client.invalidateQueries({ queryKey: ['invoicing', rfc, 'stamps'] });
    },
  });

  if (stamps.isPending || customer.isPending) return <Loader />;
  if (stamps.isError) return <Alert color="red">No se pudo cargar tu saldo de timbres</Alert>;
  const cards = customer.data?.payMethods ?? [];
  const chosenCard = cards.find((c) => c.id === card) ?? cards[0] ?? null;
  const chosen = stamps.data.paquetes.find((p) => p.paquete === (paquete ?? stamps.data.paquetes[1]?.paquete ?? stamps.data.paquetes[0]?.paquete));

  const ask = () => {
    if (!chosen || !chosenCard) return;
    confirmCharge({
      title: `Comprar ${chosen.paquete} timbres`,
      amount: chosen.precio,
      card: chosenCard,
      detail: `Por el paquete de ${chosen.paquete} timbres`,
      onConfirm: () => buy.mutate({ paquete: chosen.paquete as StampPackage, paymentMethod: chosenCard.id }),
    });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Comprar timbres</Title>
        <Text c="dimmed" data-testid="buy-stamps-balance">
          {stamps.data.balance === 1 ? 'Tienes 1 timbre disponible' : `Tienes ${stamps.data.balance} timbres disponibles`} · cada documento timbrado usa uno
        </Text>
      </div>
      {!done && <LowStampsAlert balance={stamps.data.balance} linked={false} />}
      {done && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Compra realizada" data-testid="buy-stamps-done">
          {done.message}. Saldo actual: {done.balance} timbres. <Anchor component={Link} to="/payments">Ver el recibo en Pagos</Anchor> · <Anchor component={Link} to="/invoicing/add">Timbrar una factura</Anchor>
        </Alert>
      )}
      {error && (
        <Alert color="red" title="El pago no se realizó" data-testid="buy-stamps-error">
          {error.map((l) => <Text key={l} size="sm">{l}</Text>)}
          <Text size="sm" mt={4}>Tu saldo de timbres no cambió. <Anchor component={Link} to="/payments">Ver pagos</Anchor></Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="lg" padding="lg">
          <Title order={4} mb="sm">Paquete</Title>
          <Radio.Group value={chosen?.paquete ?? null} onChange={setPaquete} name="paquete">
            <Stack gap="xs">
              {stamps.data.paquetes.map((p) => (
                <Radio.Card key={p.paquete} value={p.paquete} radius="md" p="sm" data-testid={`paquete-${p.paquete}`}>
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap"><Radio.Indicator /><Text fw={600}>{p.paquete} timbres</Text></Group>
                    <Text fw={600}>{formatMoney(p.precio)} MXN</Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={4} mb="sm">Pagar con</Title>
          {cards.length > 0 ? (
            <Stack gap="sm">
              <CardPicker cards={cards} value={chosenCard?.id ?? null} onChange={setCard} label="Tarjeta guardada" />
              <Button leftSection={<IconShoppingCart size={16} />} onClick={ask} loading={buy.isPending} disabled={!chosen || !chosenCard} data-testid="buy-stamps-submit">
                Comprar {chosen ? `${chosen.paquete} timbres por ${formatMoney(chosen.precio)}` : ''}
              </Button>
              <Text size="xs" c="dimmed">Antes de cobrar te pedimos confirmar el importe y la tarjeta.</Text>
              <Text size="sm" fw={600} mt="sm">¿Otra tarjeta?</Text>
            </Stack>
          ) : <Text size="sm" c="dimmed" mb="sm">Agrega una tarjeta para pagar el paquete.</Text>}
          <AddCardForm onAdded={(id) => { setCard(id); void client.invalidateQueries({ queryKey: ['payments', rfc] }); }} />
        </Card>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="center">
          <div>
            <Title order={4}>Pagar en efectivo en OXXO</Title>
            <Text size="sm" c="dimmed">Genera una ficha con referencia para pagar el paquete en tienda; no se cobra nada a tus tarjetas.</Text>
          </div>
          <Button variant="light" leftSection={<IconBuildingStore size={16} />} loading={oxxo.isPending} disabled={!chosen} data-testid="oxxo-generate"
            onClick={() => chosen && confirmAction({
              title: `Ficha OXXO: ${chosen.paquete} timbres`,
              text: `Generaremos una ficha por ${formatMoney(chosen.precio)} MXN para pagar en efectivo en OXXO. Los timbres se acreditan cuando se confirme el pago.`,
              confirm: 'Generar ficha', cancel: 'Cancelar', color: 'indigo',
              onConfirm: () => oxxo.mutate(chosen.paquete as StampPackage),
            })}>
            Generar ficha OXXO {chosen ? `por ${formatMoney(chosen.precio)}` : ''}
          </Button>
        </Group>
      </Card>
      {voucher && <OxxoVoucher voucher={voucher} />}
    </Stack>
  );
}

