import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recurringText, type Recurring, type RecurringFrequency } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { useSession } from '../../../shared/session/session-store';
import { createRecurring, recurringKeys } from '../api/recurring-api';
import '../texts';

/** "Repetir cada…" on a stamped invoice (issue 29 §3). */
export function RepeatInvoiceButton({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button leftSection={<IconRepeat size={16} />} variant="default" onClick={() => setOpen(true)} data-testid="repeat-invoice">{t('recurring.repeat')}</Button>
      <RepeatInvoiceDialog uuid={uuid} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function RepeatInvoiceDialog({ uuid, opened, onClose }: { uuid: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const [frecuencia, setFrecuencia] = useState<RecurringFrequency>('mes');
  const [cada, setCada] = useState<number>(1);
  const [inicio, setInicio] = useState('');
  const [fin, setFin] = useState('');
  const [veces, setVeces] = useState<number | ''>('');
  const [periodo, setPeriodo] = useState(true);
  const [correo, setCorreo] = useState(true);
  const [done, setDone] = useState<Recurring | null>(null);
  const save = useMutation({
    mutationFn: () => createRecurring({
      uuid, frecuencia, cada, ...(inicio ? { inicio } : {}), fin: fin || null, veces: veces === '' ? null : veces,
      periodoEnDescripcion: periodo, enviarCorreo: correo,
    }),
    onSuccess: (r) => {
      setDone(r);
      void queryClient.invalidateQueries({ queryKey: recurringKeys.all(rfc) });
    },
  });
  const error = save.error && isApiError(save.error) ? formatApiErrorLines(save.error.body).join(' ') : save.error ? t('recurring.failed') : null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('recurring.dialogTitle')} centered>
      {done ? (
        <Stack gap="sm" data-testid="repeat-done">
          <Alert color="teal" variant="light">{t('recurring.created', { when: done.proxima, text: done.descripcion.toLowerCase() })}</Alert>
          <Group justify="flex-end">
            <Button component={Link} to="/invoicing/recurring" variant="light">{t('recurring.goList')}</Button>
            <Button onClick={onClose}>{t('recurring.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
          <Stack gap="sm">
            <Group grow>
              <NumberInput label={t('recurring.every')} min={1} max={365} value={cada} onChange={(v) => setCada(Number(v) || 1)} />
              <Select label={t('recurring.unit')} value={frecuencia} allowDeselect={false} onChange={(v) => setFrecuencia((v ?? 'mes') as RecurringFrequency)}
                data={[{ value: 'mes', label: t('recurring.units.mes') }, { value: 'semana', label: t('recurring.units.semana') }, { value: 'dias', label: t('recurring.units.dias') }]} />
            </Group>
            <Text size="sm" c="dimmed">{recurringText(frecuencia, cada)}</Text>
            <TextInput type="date" label={t('recurring.start')} description={t('recurring.startHint')} value={inicio} onChange={(e) => setInicio(e.currentTarget.value)} />
            <Group grow>
              <TextInput type="date" label={t('recurring.end')} value={fin} onChange={(e) => setFin(e.currentTarget.value)} />
              <NumberInput label={t('recurring.count')} min={1} max={1000} value={veces} onChange={(v) => setVeces(v === '' ? '' : Number(v))} />
            </Group>
            <Checkbox label={t('recurring.period')} checked={periodo} onChange={(e) => setPeriodo(e.currentTarget.checked)} />
            <Checkbox label={t('recurring.email')} checked={correo} onChange={(e) => setCorreo(e.currentTarget.checked)} />
            {error && <Alert color="red" variant="light">{error}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('recurring.cancel')}</Button>
              <Button type="submit" loading={save.isPending} data-testid="repeat-save">{t('recurring.save')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
