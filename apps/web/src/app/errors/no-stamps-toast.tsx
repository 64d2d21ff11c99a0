import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { toastTimeoutMs } from '../../shared/ui/toast-timing';

/** A refusal for lack of stamps on any screen: the server's reason and a link to «Comprar timbres» (issue 25 §2). */
export function toastNoStamps(lines: string[], navigate: (to: string) => void): void {
  notifications.show({
    id: 'no-stamps',
    color: 'red',
    title: 'No tienes timbres disponibles',
    withBorder: true,
    autoClose: toastTimeoutMs * 2,
    message: (
      <span data-testid="no-stamps-toast">
        {lines.map((l) => <span key={l} style={{ display: 'block' }}>{l}</span>)}
        <Anchor component="button" type="button" fw={600} onClick={() => { notifications.hide('no-stamps'); navigate('/buy-stamps'); }}>Comprar timbres</Anchor>
      </span>
    ),
  });
}
