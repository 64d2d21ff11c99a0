import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Recurring, RecurringUpdate } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { useSession } from '../../../shared/session/session-store';
import { recurringKeys, updateRecurring } from '../api/recurring-api';
import { ScheduleFields, type Schedule } from './schedule-fields';
import '../texts';

/** The form's values as the PATCH wants them: only what changed (an emptied end or count is sent as null). */
export function recurringChanges(r: Recurring, v: Schedule & { proxima: string }): RecurringUpdate {
  const veces = v.veces === '' ? null : v.veces;
  return {
    ...(v.frecuencia !== r.frecuencia ? { frecuencia: v.frecuencia } : {}),
    ...(v.cada !== r.cada ? { cada: v.cada } : {}),
    ...(v.proxima && v.proxima !== r.proxima ? { proxima: v.proxima } : {}),
    ...((v.fin || null) !== r.fin ? { fin: v.fin || null } : {}),
    ...(veces !== r.veces ? { veces } : {}),
    ...(v.periodo !== r.periodoEnDescripcion ? { periodoEnDescripcion: v.periodo } : {}),
    ...(v.correo !== r.enviarCorreo ? { enviarCorreo: v.correo } : {}),
  };
}

/** "Editar" on a recurring invoice: frequency, next date (the day the series keeps), end, count and options (issue 29 §3). */
export function EditRecurringDialog({ row, onClose }: { row: Recurring; onClose: () => void }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const [schedule, setSchedule] = useState<Schedule>({
    frecuencia: row.frecuencia, cada: row.cada, fin: row.fin ?? '', veces: row.veces ?? '', periodo: row.periodoEnDescripcion, correo: row.enviarCorreo,
  });
  const [proxima, setProxima] = useState(row.estado === 'terminada' ? '' : row.proxima);
  const save = useMutation({
    mutationFn: () => updateRecurring(row.id, recurringChanges(row, { ...schedule, proxima })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recurringKeys.all(rfc) });
      onClose();
    },
  });
  const error = save.error && isApiError(save.error) ? formatApiErrorLines(save.error.body).join(' ') : save.error ? t('recurring.editFailed') : null;
  return (
    <Modal opened onClose={onClose} title={t('recurring.editTitle', { name: row.cliente })} centered>
      <form onSubmit={(e) => { e.preventDefault(); save.mutate(); }} data-testid="recurring-edit-form">
        <Stack gap="sm">
          <ScheduleFields value={schedule} onChange={setSchedule}>
            <TextInput type="date" label={t('recurring.nextDate')} description={t('recurring.nextDateHint')} value={proxima} onChange={(e) => setProxima(e.currentTarget.value)} />
          </ScheduleFields>
          {error && <Alert color="red" variant="light" data-testid="recurring-edit-error">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('recurring.cancel')}</Button>
            <Button type="submit" loading={save.isPending} data-testid="recurring-edit-save">{t('recurring.saveChanges')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
