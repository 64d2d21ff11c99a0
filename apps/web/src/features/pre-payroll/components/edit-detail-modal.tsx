import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPUTED_DEDUCCIONES, OTRO_PAGO_SUBSIDIO, type PrenominaDetalle } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { FormAlert } from '../../../shared/ui/form-alert';
import { editDetail } from '../api/pre-payroll-api';
import '../texts';

type Line = { tipo: string; clave: string; concepto: string; a: string; b?: string };

/** Edits the amounts of one pending detail's own lines; ISR, IMSS and the subsidio are recomputed by the server. */
export function EditDetailModal({ detail, onClose, onSaved }: { detail: PrenominaDetalle | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [perc, setPerc] = useState<Line[]>([]);
  const [ded, setDed] = useState<Line[]>([]);
  const [otros, setOtros] = useState<Line[]>([]);
  const [error, setError] = useState<string[] | null>(null);
  useEffect(() => {
    if (!detail) return;
    setPerc(detail.percepciones.map((p) => ({ tipo: p.tipo, clave: p.clave, concepto: p.concepto, a: p.importe_gravado, b: p.importe_exento })));
    setDed(detail.deducciones.filter((d) => !(COMPUTED_DEDUCCIONES as readonly string[]).includes(d.tipo)).map((d) => ({ tipo: d.tipo, clave: d.clave, concepto: d.concepto, a: d.importe })));
    setOtros(detail.otros_pagos.filter((o) => o.tipo !== OTRO_PAGO_SUBSIDIO).map((o) => ({ tipo: o.tipo, clave: o.clave, concepto: o.concepto, a: o.importe })));
    setError(null);
  }, [detail]);

  const save = useMutation({
    mutationFn: () => editDetail({
      id: detail!.id,
      percepciones: perc.map((p) => ({ tipo: p.tipo, clave: p.clave, concepto: p.concepto, importe_gravado: p.a, importe_exento: p.b ?? '0' })),
      deducciones: ded.map((d) => ({ tipo: d.tipo, clave: d.clave, concepto: d.concepto, importe: d.a })),
      otros_pagos: otros.map((o) => ({ tipo: o.tipo, clave: o.clave, concepto: o.concepto, importe: o.a })),
    }),
    onSuccess: () => { onSaved(); onClose(); },
    onError: (e) => setError(isApiError(e) ? Object.values(e.body.errors ?? {}).flat().map(String).concat(e.body.errors ? [] : [e.body.message ?? '']) : [t('toast.error.text')]),
  });

  const rows = (lines: Line[], set: (l: Line[]) => void, two: boolean) => lines.map((l, i) => (
    <Table.Tr key={`${l.tipo}-${i}`}>
      <Table.Td><Text size="sm">{l.tipo} · {l.concepto}</Text></Table.Td>
      <Table.Td><TextInput size="xs" inputMode="decimal" aria-label={`${l.concepto} ${two ? t('prePayroll.edit.gravado') : t('prePayroll.edit.importe')}`} value={l.a}
        onChange={(e) => set(lines.map((x, j) => (j === i ? { ...x, a: e.currentTarget.value } : x)))} /></Table.Td>
      {two && <Table.Td><TextInput size="xs" inputMode="decimal" aria-label={`${l.concepto} ${t('prePayroll.edit.exento')}`} value={l.b ?? ''}
        onChange={(e) => set(lines.map((x, j) => (j === i ? { ...x, b: e.currentTarget.value } : x)))} /></Table.Td>}
    </Table.Tr>
  ));

  return (
    <Modal opened={Boolean(detail)} onClose={onClose} size="lg" title={t('prePayroll.edit.title', { name: detail?.empleado.nombre ?? '' })}>
      <Stack gap="sm">
        <FormAlert message={error} testId="edit-detail-error" />
        <Text fw={600} size="sm">{t('prePayroll.edit.percepciones')}</Text>
        <Table><Table.Tbody>{rows(perc, setPerc, true)}</Table.Tbody></Table>
        {ded.length > 0 && <><Text fw={600} size="sm">{t('prePayroll.edit.deducciones')}</Text><Table><Table.Tbody>{rows(ded, setDed, false)}</Table.Tbody></Table></>}
        {otros.length > 0 && <><Text fw={600} size="sm">{t('prePayroll.edit.otros')}</Text><Table><Table.Tbody>{rows(otros, setOtros, false)}</Table.Tbody></Table></>}
        <Text size="xs" c="dimmed">{t('prePayroll.edit.hint')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('prePayroll.edit.cancel')}</Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>{t('prePayroll.edit.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
