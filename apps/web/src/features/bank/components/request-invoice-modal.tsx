import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Movement } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { FormAlert } from '../../../shared/ui/form-alert';
import { toastSuccess } from '../../../shared/ui/toasts';
import { requestInvoice } from '../api/bank-api';
import '../texts';

/** "Pedir factura al proveedor": e-mails the supplier the withdrawal's data, asking for its CFDI. */
export function RequestInvoiceModal({ movement, onClose }: { movement: Movement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: () => requestInvoice(movement!.id, email),
    onSuccess: (r) => { toastSuccess(r.mensaje); setEmail(''); onClose(); },
    onError: (e) => setErrors(isApiError(e) ? formatApiErrorLines(e.body) : [t('toast.error.text')]),
  });
  return (
    <Modal opened={!!movement} onClose={onClose} title={t('bank.requestInvoice')}>
      <Stack>
        <FormAlert message={errors} />
        <Text size="sm">{movement ? `${movement.fecha} · ${movement.retiro} · ${movement.descripcion}` : ''}</Text>
        <TextInput label={t('bank.supplierEmail')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('bank.cancel')}</Button>
          <Button loading={send.isPending} disabled={!email} onClick={() => { setErrors([]); send.mutate(); }}>{t('bank.send')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
