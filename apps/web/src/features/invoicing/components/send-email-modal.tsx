import { useEffect, useState } from 'react';
import { Autocomplete, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { showAlert } from '../../../shared/ui/toasts';
import { clientEmailQuery, sendInvoiceEmail, type DocumentSource } from '../api/documents-api';

interface Props {
  rfc: string;
  /** The invoice to send; null keeps the dialog closed. */
  uuid: string | null;
  onClose: () => void;
  /** A received document (Gastos) is forwarded, e.g. to the accountant: no address is assumed. */
  source?: DocumentSource;
}

/**
 * "Enviar Facturas" (spec §7.5, §8): the customer's address prefilled, XML and PDF attached, Hecho!/Error alert.
 * For a received document ("Reenviar por correo") the field starts empty and the supplier's known addresses are
 * offered as suggestions: the usual recipient is the accountant, not the supplier who sent it.
 */
export function SendEmailModal({ rfc, uuid, onClose, source = 'incomes' }: Props) {
  const outcome = source === 'outcomes';
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const known = useQuery({ ...clientEmailQuery(rfc, uuid ?? '', source), enabled: Boolean(uuid) });
  useEffect(() => {
    setError(null);
    setEmail(outcome ? '' : (known.data?.email[0] ?? ''));
  }, [uuid, known.data, outcome]);

  const send = useMutation({
    mutationFn: () => sendInvoiceEmail(uuid!, email.trim(), source),
    onSuccess: (r) => {
      showAlert(r.rspns, r.msj);
      if (r.rspns) onClose();
    },
    onError: (e) => {
      const field = isApiError(e) ? e.body.errors?.pEmail : undefined;
      if (field) setError(Array.isArray(field) ? field[0] : String(field));
      else showAlert(false, isApiError(e) && e.body.message ? e.body.message : t('invoicing.email.failed'));
    },
  });

  return (
    <Modal opened={Boolean(uuid)} onClose={onClose} title={t(outcome ? 'outcomes.email.title' : 'invoicing.email.title')} centered>
      <form onSubmit={(e) => { e.preventDefault(); send.mutate(); }}>
        <Stack gap="sm">
          <Text size="sm">{outcome ? t('outcomes.email.text', { proveedor: known.data?.cliente ?? '' }) : t('invoicing.email.text', { cliente: known.data?.cliente ?? '' })}</Text>
          {outcome ? (
            <Autocomplete label={t('invoicing.email.address')} type="email" required value={email} error={error} data={known.data?.email ?? []}
              onChange={(v) => { setEmail(v); setError(null); }} data-autofocus />
          ) : (
            <TextInput label={t('invoicing.email.address')} type="email" required value={email} error={error}
              onChange={(e) => { setEmail(e.currentTarget.value); setError(null); }} data-autofocus />
          )}
          <Text size="xs" c="dimmed">{t(outcome ? 'outcomes.email.attachments' : 'invoicing.email.attachments')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('invoicing.cancel')}</Button>
            <Button type="submit" loading={send.isPending}>{t('invoicing.email.send')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
