import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { paymentsQuery } from '../api/payments-api';

/** §2.4 / §4: the guard fetches payments on every navigation (but /payments); a failed last payment is flagged everywhere. */
export function FailedPaymentBanner() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const payments = useQuery({ ...paymentsQuery(user?.username ?? ''), enabled: false });
  if (!payments.data?.lastFailed || pathname === '/payments') return null;
  return (
    <Alert color="red" mb="md" title="Tu último pago fue rechazado" data-testid="failed-payment-banner">
      Actualiza tu método de pago para no perder el acceso. <Anchor component={Link} to="/payment-cards">Métodos de pago</Anchor> · <Anchor component={Link} to="/payments">Ver pagos</Anchor>
    </Alert>
  );
}
