import { ActionIcon, Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StatementSettings } from '@facturo/contract';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { saveSettings, settingsQuery, statementKeys } from '../api/statements-api';
import { errorLines } from './statement-tab';

type Draft = Omit<StatementSettings, 'show_make_dec_button'>;

/** Tab 1: automatic or manual mode (§4), what the tab shows, and the inputs the ISR needs. */
export function SettingsTab({ rfc }: { rfc: string }) {
  const qc = useQueryClient();
  const q = useQuery(settingsQuery(rfc));
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => { if (q.data && !draft) setDraft(q.data); }, [q.data, draft]);
  const save = useMutation({
    mutationFn: (d: Draft) => saveSettings(d),
    onSuccess: (s) => { qc.setQueryData(statementKeys.settings(rfc), s); setDraft(s); toastSuccess('Configuración guardada'); },
    onError: (e) => toastError(errorLines(e)),
  });
  if (!draft || !q.data) return <Text c="dimmed">Cargando…</Text>;
  const set = (p: Partial<Draft>) => setDraft({ ...draft, ...p });
  return (
    <Card withBorder radius="md" padding="md" data-testid="statement-settings">
      <Stack gap="sm">
        {!q.data.show_make_dec_button.show && <Alert color="yellow">{q.data.show_make_dec_button.reason}</Alert>}
        <Switch label="Modo automático: el día 1 se calcula la declaración del mes anterior y te avisamos" checked={draft.automatic_statements === 1}
          onChange={(e) => set({ automatic_statements: e.currentTarget.checked ? 1 : 0 })} data-testid="settings-automatic" />
        <Switch label="Mostrar el ISR" checked={draft.show_isr} onChange={(e) => set({ show_isr: e.currentTarget.checked })} />
        <Switch label="Mostrar el IVA" checked={draft.show_iva} onChange={(e) => set({ show_iva: e.currentTarget.checked })} />
        <Switch label="Mostrar la DIOT" checked={draft.show_diot} onChange={(e) => set({ show_diot: e.currentTarget.checked })} />
        <Group grow>
          <TextInput label="Coeficiente de utilidad (personas morales, art. 14 LISR)" value={draft.coeficiente_utilidad}
            onChange={(e) => set({ coeficiente_utilidad: e.currentTarget.value })} data-testid="settings-coeficiente" />
          <TextInput label="PTU pagada en el ejercicio" value={draft.ptu_pagada} onChange={(e) => set({ ptu_pagada: e.currentTarget.value })} />
        </Group>
        <Text fw={600} size="sm">Pagos provisionales de ISR hechos fuera de la aplicación</Text>
        {draft.pagos_previos.map((p, i) => (
          <Group key={i} align="flex-end">
            <NumberInput label="Año" value={p.year} min={2025} max={2100} w={100} onChange={(v) => set({ pagos_previos: draft.pagos_previos.map((x, j) => (j === i ? { ...x, year: Number(v) } : x)) })} />
            <NumberInput label="Mes" value={p.month} min={1} max={12} w={80} onChange={(v) => set({ pagos_previos: draft.pagos_previos.map((x, j) => (j === i ? { ...x, month: Number(v) } : x)) })} />
            <TextInput label="ISR pagado" value={p.isr} onChange={(e) => { const isr = e.currentTarget.value; set({ pagos_previos: draft.pagos_previos.map((x, j) => (j === i ? { ...x, isr } : x)) }); }} />
            <ActionIcon variant="subtle" color="red" aria-label="Quitar pago" onClick={() => set({ pagos_previos: draft.pagos_previos.filter((_, j) => j !== i) })}><IconTrash size={16} /></ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => set({ pagos_previos: [...draft.pagos_previos, { year: new Date().getFullYear(), month: 1, isr: '0.00' }] })}>Agregar pago previo</Button>
        </Group>
        <Group justify="flex-end">
          <Button loading={save.isPending} onClick={() => save.mutate(draft)} data-testid="settings-save">Guardar</Button>
        </Group>
      </Stack>
    </Card>
  );
}
