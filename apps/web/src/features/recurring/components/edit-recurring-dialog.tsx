import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recurringText, type Recurring, type RecurringFrequency, type RecurringUpdate } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { useSession } from '../../../shared/session/session-store';
import { recurringKeys, updateRecurring } from '../api/recurring-api';
import '../texts';

/** The form's values as the PATCH wants them: only what changed (an emptied end or count is sent as null). */
export function recurringChanges(r: Recurring, v: { frecuencia: RecurringFrequency; cada: number; proxima: string; fin: string; veces: number | ''; periodo: boolean; correo: boolean }): RecurringUpdate {
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
  const [frecuencia, setFrecuencia] = useState<RecurringFrequency>(row.frecuencia);
  const [cada, setCada] = useState<number>(row.cada);
  const [proxima, setProxima] = useState(row.estado === 'terminada' ? '' : row.proxima);
  const [fin, setFin] = useState(row.fin ?? '');
  const [veces, setVeces] = useState<number | ''>(row.veces ?? '');
  const [periodo, setPeriodo] = useState(row.periodoEnDescripcion);
  const [correo, setCorreo] = useState(row.enviarCorreo);
  const save = useMutation({
    mutationFn: () => updateRecurring(row.id, recurringChanges(row, { frecuencia, cada, proxima, fin, veces, periodo, correo })),
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
          <Group grow>
            <NumberInput label={t('recurring.every')} min={1} max={365} value={cada} onChange={(v) => setCada(Number(v) || 1)} />
            <Select label={t('recurring.unit')} value={frecuencia} allowDeselect={false} onChange={(v) => setFrecuencia((v ?? 'mes') as RecurringFrequency)}
              data={[{ value: 'mes', label: t('recurring.units.mes') }, { value: 'semana', label: t('recurring.units.semana') }, { value: 'dias', label: t('recurring.units.dias') }]} />
          </Group>
          <Text size="sm" c="dimmed">{recurringText(frecuencia, cada)}</Text>
          <TextInput type="date" label={t('recurring.nextDate')} description={t('recurring.nextDateHint')} value={proxima} onChange={(e) => setProxima(e.currentTarget.value)} />
          <Group grow>
            <TextInput type="date" label={t('recurring.end')} value={fin} onChange={(e) => setFin(e.currentTarget.value)} />
            <NumberInput label={t('recurring.count')} min={1} max={1000} value={veces} onChange={(v) => setVeces(v === '' ? '' : Number(v))} />
          </Group>
          <Checkbox label={t('recurring.period')} checked={periodo} onChange={(e) => setPeriodo(e.currentTarget.checked)} />
          <Checkbox label={t('recurring.email')} checked={correo} onChange={(e) => setCorreo(e.currentTarget.checked)} />
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
