import { useMemo, useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
// The pure entry loads Stripe.js only when a form is shown (the default entry injects it on import).
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { useSession } from '../../../shared/session/session-store';
import { toastSuccess } from '../../../shared/ui/toasts';
import { refreshPaymentState } from '../api/payments-api';

function CardSetup({ clientSecret, onAdded }: { clientSecret: string; onAdded?: (cardId: string) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const { user } = useSession();
  const rfc = user?.username ?? '';
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new Error('Stripe aún no está listo');
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card, billing_details: { name: name.trim() || undefined } } });
      if (result.error) throw new Error(result.error.message ?? 'La tarjeta fue rechazada');
      const pm = result.setupIntent.payment_method;
      const pmId = typeof pm === 'string' ? pm : pm?.id ?? '';
      return call(routes['payments.attachCard'], { body: { paymentMethod: pmId, ...(name.trim() ? { name: name.trim() } : {}) } });
    },
    onMutate: () => setError(null),
    onError: (e) => setError(e instanceof Error ? e.message : 'La tarjeta fue rechazada'),
    onSuccess: async (res) => {
      toastSuccess('La tarjeta se agregó a tu cuenta', 'Tarjeta agregada');
      await refreshPaymentState(client, rfc);
      if (res.data[0]) onAdded?.(res.data[0].id);
    },
  });
  return (
    <Stack gap="sm">
      <TextInput label="Nombre en la tarjeta" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} />
      <div style={{ padding: 12, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}>
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      {error && <Alert color="red">{error}</Alert>}
      <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!stripe}>Agregar tarjeta</Button>
    </Stack>
  );
}

/** Stripe Elements card form (STRIPE_PUBLISHABLE_KEY configured): the card never touches our server. */
export function StripeCardForm({ publishableKey, clientSecret, onAdded }: { publishableKey: string; clientSecret: string; onAdded?: (cardId: string) => void }) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ locale: 'es' }}>
      <CardSetup clientSecret={clientSecret} onAdded={onAdded} />
    </Elements>
  );
}
