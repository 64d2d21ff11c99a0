import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toastSuccess } from './toasts';
import { i18n } from '../i18n/i18n';

interface ConfirmOptions {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  /** Colour of the confirm button: red for deletions, orange/teal for status changes. */
  color: string;
  onConfirm: () => void;
}

/** Asks before a destructive or status-changing action (§4: baja, reactivar, eliminar). */
export function confirmAction({ title, text, confirm, cancel, color, onConfirm }: ConfirmOptions): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel },
    confirmProps: { color },
    onConfirm,
  });
}

interface ConfirmedMutationOptions<T, R> {
  /** The call, e.g. `(c) => deleteClient(c.id)`. */
  mutationFn: (item: T) => Promise<R>;
  /** Cached lists to refetch afterwards (the area's root key). */
  invalidate: QueryKey;
  /** Toast text after success (a fixed text, or the API's message). */
  done: (result: R) => string;
  /** The question for this row (title, text, button labels and colour). */
  ask: (item: T) => Omit<ConfirmOptions, 'onConfirm'>;
}

/** A row action that asks first, then calls the API, toasts and refreshes the list. Returns `ask(item)`. */
export function useConfirmedMutation<T, R>({ mutationFn, invalidate, done, ask }: ConfirmedMutationOptions<T, R>): (item: T) => void {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn,
    onSuccess: async (result) => {
      toastSuccess(done(result));
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
  return (item) => confirmAction({ ...ask(item), onConfirm: () => mutation.mutate(item) });
}

/** §8 link confirm: leaving the app for an outside link is asked first; the link opens in a new tab. */
export function confirmExternalLink(url: string): void {
  confirmAction({
    title: i18n.t('linkConfirm.title'),
    text: i18n.t('linkConfirm.text'),
    confirm: i18n.t('linkConfirm.open'),
    cancel: i18n.t('linkConfirm.cancel'),
    color: 'blue',
    onConfirm: () => void window.open(url, '_blank', 'noopener,noreferrer'),
  });
}
