import { Alert, Anchor, Badge, Text } from '@mantine/core';
import { IconAlertTriangle, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';

export const BUY_STAMPS_PATH = '/buy-stamps';
/** At this many stamps or fewer the invoicing screens warn (issue 25 §2). */
export const LOW_STAMPS = 5;

/** The stamp balance badge: a link to «Comprar timbres». */
export function StampBalanceBadge({ balance, label }: { balance: number; label: string }) {
  return (
    <Badge component={Link} to={BUY_STAMPS_PATH} size="lg" variant="light" color={balance > LOW_STAMPS ? 'teal' : balance > 0 ? 'orange' : 'red'}
      style={{ cursor: 'pointer' }} rightSection={<IconShoppingCart size={14} />} data-testid="stamp-balance" title="Comprar timbres">
      {label}
    </Badge>
  );
}

/**
 * Why stamping is not possible (no stamps) or soon won't be (5 or fewer), with the way to buy more.
 * Nothing above 5.
 */
export function LowStampsAlert({ balance, linked = true }: { balance: number; linked?: boolean }) {
  if (balance > LOW_STAMPS) return null;
  const empty = balance <= 0;
  return (
    <Alert color={empty ? 'red' : 'orange'} icon={<IconAlertTriangle size={18} />} data-testid={empty ? 'no-stamps' : 'low-stamps'}
      title={empty ? 'No tienes timbres disponibles' : balance === 1 ? 'Te queda 1 timbre' : `Te quedan ${balance} timbres`}>
      <Text size="sm">
        {empty ? 'Para timbrar necesitas al menos un timbre: compra un paquete y vuelve a intentarlo. ' : 'Cada documento timbrado usa un timbre. '}
        {linked && <Anchor component={Link} to={BUY_STAMPS_PATH} fw={600}>Comprar timbres</Anchor>}
      </Text>
    </Alert>
  );
}

/** A server refusal for lack of stamps (409 with `errors.timbres`): whether an error body is one. */
export const isNoStampsError = (body: { errors?: Record<string, unknown> } | null | undefined) => Boolean(body?.errors && 'timbres' in body.errors);
