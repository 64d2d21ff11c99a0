import type { ReactNode } from 'react';
import { Checkbox, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { recurringText, type RecurringFrequency } from '@facturo/contract';
import '../texts';

/** A recurring invoice's schedule as both dialogs (create and edit) hold it. */
export interface Schedule { frecuencia: RecurringFrequency; cada: number; fin: string; veces: number | ''; periodo: boolean; correo: boolean }

/** Frequency, end, count and options; `children` is the date that anchors the series (start or next date). */
export function ScheduleFields({ value, onChange, children }: { value: Schedule; onChange: (next: Schedule) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const set = (patch: Partial<Schedule>) => onChange({ ...value, ...patch });
  return (
    <>
      <Group grow>
        <NumberInput label={t('recurring.every')} min={1} max={365} value={value.cada} onChange={(v) => set({ cada: Number(v) || 1 })} />
        <Select label={t('recurring.unit')} value={value.frecuencia} allowDeselect={false} onChange={(v) => set({ frecuencia: (v ?? 'mes') as RecurringFrequency })}
          data={[{ value: 'mes', label: t('recurring.units.mes') }, { value: 'semana', label: t('recurring.units.semana') }, { value: 'dias', label: t('recurring.units.dias') }]} />
      </Group>
      <Text size="sm" c="dimmed">{recurringText(value.frecuencia, value.cada)}</Text>
      {children}
      <Group grow>
        <TextInput type="date" label={t('recurring.end')} value={value.fin} onChange={(e) => set({ fin: e.currentTarget.value })} />
        <NumberInput label={t('recurring.count')} min={1} max={1000} value={value.veces} onChange={(v) => set({ veces: v === '' ? '' : Number(v) })} />
      </Group>
      <Checkbox label={t('recurring.period')} checked={value.periodo} onChange={(e) => set({ periodo: e.currentTarget.checked })} />
      <Checkbox label={t('recurring.email')} checked={value.correo} onChange={(e) => set({ correo: e.currentTarget.checked })} />
    </>
  );
}
