import { useState } from 'react';
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { useSession } from '../../../shared/session/session-store';
import { toastSuccess } from '../../../shared/ui/toasts';
import { refreshPaymentState } from '../api/payments-api';

/** Stripe's documented test payment methods, as the local provider understands them. */
const TEST_CARDS = [
  { value: 'pm_card_visa', label: 'Visa •••• 4242 (aprobada)' },
  { value: 'pm_card_mastercard', label: 'Mastercard •••• 4444 (aprobada)' },
  { value: 'pm_card_chargeDeclined', label: 'Visa •••• 0002 (rechazada)' },
  { value: 'pm_card_cvcCheckFail', label: 'Visa •••• 0101 (CVC incorrecto)' },
  { value: 'pm_card_chargeCustomerFail', label: 'Visa •••• 0341 (falla al cobrar)' },
];

/**
 * Card form of the local (offline) payments provider: no card data is typed or sent — a Stripe test payment
 * method id is. Clearly marked as the test provider.
 */
export function TestCardForm({ onAdded }: { onAdded?: (cardId: string) => void }) {
  const { user } = useSession();
  const rfc = user?.username ?? '';
  const client = useQueryClient();
  const [pm, setPm] = useState<string | null>('pm_card_visa');
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => call(routes['payments.attachCard'], { body: { paymentMethod: pm ?? '', ...(name.trim() ? { name: name.trim() } : {}) } }),
    onSuccess: async (res) => {
      toastSuccess('La tarjeta se agregó a tu cuenta', 'Tarjeta agregada');
      await refreshPaymentState(client, rfc);
      if (res.data[0]) onAdded?.(res.data[0].id);
    },
  });
  return (
    <Stack gap="sm" data-testid="test-card-form">
      <Alert color="grape" variant="light" icon={<IconFlask size={18} />} title="Proveedor de pruebas">
        Este servidor usa el proveedor de pagos de pruebas: no se cobra dinero real. Elige una tarjeta de prueba de Stripe.
      </Alert>
      <Select label="Tarjeta de prueba" data={TEST_CARDS} value={pm} onChange={setPm} allowDeselect={false} />
      <TextInput label="Nombre en la tarjeta (opcional)" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} />
      <Button onClick={() => add.mutate()} loading={add.isPending} disabled={!pm}>Agregar tarjeta</Button>
    </Stack>
  );
}
