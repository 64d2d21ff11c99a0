import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Recurring } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { useSession } from '../../../shared/session/session-store';
import { createRecurring, recurringKeys } from '../api/recurring-api';
import { ScheduleFields, type Schedule } from './schedule-fields';
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
  const [schedule, setSchedule] = useState<Schedule>({ frecuencia: 'mes', cada: 1, fin: '', veces: '', periodo: true, correo: true });
  const [inicio, setInicio] = useState('');
  const [done, setDone] = useState<Recurring | null>(null);
  const save = useMutation({
    mutationFn: () => createRecurring({
      uuid, frecuencia: schedule.frecuencia, cada: schedule.cada, ...(inicio ? { inicio } : {}), fin: schedule.fin || null,
      veces: schedule.veces === '' ? null : schedule.veces, periodoEnDescripcion: schedule.periodo, enviarCorreo: schedule.correo,
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
            <ScheduleFields value={schedule} onChange={setSchedule}>
              <TextInput type="date" label={t('recurring.start')} description={t('recurring.startHint')} value={inicio} onChange={(e) => setInicio(e.currentTarget.value)} />
            </ScheduleFields>
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
