import { Button, Group } from '@mantine/core';
import { IconCalendarDollar, IconExternalLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { confirmExternalLink } from '../../../shared/ui/confirm';
import { showAlert, toastError } from '../../../shared/ui/toasts';

type LinkRoute = 'payments.monthlyLink' | 'payments.providerLink';

/**
 * The provider's hosted pages (spec §7.14): the monthly pay link (a Checkout session of the monthly price) and the
 * billing portal (cards, invoices). The API answers the URL the provider issued; leaving the app is confirmed first.
 */
export function ProviderLinks() {
  const open = useMutation({
    mutationFn: (name: LinkRoute) => call(routes[name], {}),
    onSuccess: (res) => (res.url ? confirmExternalLink(res.url) : showAlert(false, res.message)),
    onError: () => toastError(),
  });
  const busy = (name: LinkRoute) => open.isPending && open.variables === name;
  return (
    <Group gap="xs" data-testid="provider-links">
      <Button variant="light" leftSection={<IconCalendarDollar size={16} />} loading={busy('payments.monthlyLink')} onClick={() => open.mutate('payments.monthlyLink')}>
        Liga de pago mensual
      </Button>
      <Button variant="default" leftSection={<IconExternalLink size={16} />} loading={busy('payments.providerLink')} onClick={() => open.mutate('payments.providerLink')}>
        Portal del proveedor de pagos
      </Button>
    </Group>
  );
}
