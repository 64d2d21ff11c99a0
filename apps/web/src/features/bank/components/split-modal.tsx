import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Movement } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { FormAlert } from '../../../shared/ui/form-alert';
import { splitMovement } from '../api/bank-api';
import '../texts';

/** "Dividir": one movement into parts that add up to it, each reconciled on its own afterwards. */
export function SplitModal({ movement, onClose, onSaved }: { movement: Movement | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [parts, setParts] = useState<string[]>(['', '']);
  const [errors, setErrors] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: () => splitMovement(movement!.id, parts.map((p) => p.trim()).filter(Boolean)),
    onSuccess: () => { setParts(['', '']); onSaved(); onClose(); },
    onError: (e) => setErrors(isApiError(e) ? formatApiErrorLines(e.body) : [t('toast.error.text')]),
  });
  return (
    <Modal opened={!!movement} onClose={onClose} title={t('bank.splitTitle', { amount: movement?.deposito ?? movement?.retiro ?? '' })}>
      <Stack>
        <FormAlert message={errors} />
        {parts.map((p, i) => (
          <TextInput key={i} label={t('bank.part', { n: i + 1 })} value={p} onChange={(e) => { const v = e.currentTarget.value; setParts((xs) => xs.map((x, j) => (j === i ? v : x))); }} />
        ))}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setParts((xs) => [...xs, ''])}>{t('bank.addPart')}</Button>
          <Button loading={save.isPending} onClick={() => { setErrors([]); save.mutate(); }}>{t('bank.split')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
