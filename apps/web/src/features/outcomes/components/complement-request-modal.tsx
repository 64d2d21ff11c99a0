import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { showAlert } from '../../../shared/ui/toasts';
import { rowName } from '../../incomes/public';
import { requestComplement } from '../api/outcomes-api';

/** "Solicitar complemento de pago": e-mails the supplier of a PPD expense with an open balance (issue 13 §2). */
export function ComplementRequestModal({ row, onClose }: { row: InvoiceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEmail('');
    setError(null);
  }, [row]);
  const send = useMutation({
    mutationFn: () => requestComplement(row!.uuid, email.trim()),
    onSuccess: (r) => {
      showAlert(r.rspns, r.msj);
      onClose();
    },
    onError: (e) => {
      const body = isApiError(e) ? e.body : null;
      const field = body?.errors?.email ?? body?.errors?.uuid;
      setError(field ? (Array.isArray(field) ? field[0] : String(field)) : (body?.message ?? t('outcomes.complement.failed')));
    },
  });
  return (
    <Modal opened={Boolean(row)} onClose={onClose} title={t('outcomes.complement.title')} centered>
      {row && (
        <form onSubmit={(e) => { e.preventDefault(); send.mutate(); }}>
          <Stack gap="sm">
            <Text size="sm">{t('outcomes.complement.text', { name: rowName(row), supplier: `${row.rfc} - ${row.client}` })}</Text>
            <TextInput label={t('outcomes.complement.email')} type="email" required value={email} error={error}
              onChange={(e) => { setEmail(e.currentTarget.value); setError(null); }} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('incomes.close')}</Button>
              <Button type="submit" loading={send.isPending} disabled={!email.trim()}>{t('outcomes.complement.send')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
