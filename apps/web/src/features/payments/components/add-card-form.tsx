import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { useSession } from '../../../shared/session/session-store';
import { TestCardForm } from './test-card-form';

// Stripe Elements is its own chunk: the offline test provider never downloads it.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** Stripe Elements when the server runs Stripe with a publishable key; otherwise the test provider's form. */
export function AddCardForm({ onAdded }: { onAdded?: (cardId: string) => void }) {
  const { user } = useSession();
  const intent = useQuery({
    queryKey: ['payments', user?.username ?? '', 'setup-intent'],
    queryFn: ({ signal }) => call(routes['payments.setupIntent'], { signal }),
    staleTime: 10 * 60_000,
  });
  if (intent.isPending) return <Loader size="sm" />;
  if (intent.data?.provider === 'stripe' && intent.data.publishableKey) {
    return (
      <Suspense fallback={<Loader size="sm" />}>
        <StripeCardForm publishableKey={intent.data.publishableKey} clientSecret={intent.data.clientSecret} onAdded={onAdded} />
      </Suspense>
    );
  }
  return <TestCardForm onAdded={onAdded} />;
}
