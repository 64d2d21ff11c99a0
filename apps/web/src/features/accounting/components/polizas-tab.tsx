import { ActionIcon, Badge, Button, Card, Checkbox, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@facturo/cfdi/money';
import type { Poliza, PolizaInput } from '@facturo/contract';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { ListTable } from '../../../shared/ui/list-table';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { accountingKeys, createPoliza, cuentasQuery, deletePoliza, generar, polizasQuery } from '../api/accounting-api';
import { errorLines } from './errors';
import { money, side } from './money';
import '../texts';

interface Props { rfc: string; anio: number; mes: number }

function PolizaRow({ p, onDelete }: { p: Poliza; onDelete: (id: number) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr data-testid="poliza-row" data-numero={p.numero}>
        <Table.Td>
          <ActionIcon variant="subtle" aria-label={open ? t('contabilidad.ocultar') : t('contabilidad.verDetalle')} onClick={() => setOpen((o) => !o)}>
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>{p.numero}</Table.Td>
        <Table.Td>{t(`contabilidad.tipos.${p.tipo}`)}</Table.Td>
        <Table.Td>{p.fecha}</Table.Td>
        <Table.Td>{p.concepto}</Table.Td>
        <Table.Td><Badge variant="light" color={p.origen === 'auto' ? 'blue' : 'grape'}>{t(`contabilidad.${p.origen}`)}</Badge></Table.Td>
        <Table.Td ta="right">{money(p.total)}</Table.Td>
        <Table.Td>
          {p.origen === 'manual' && (
            <ActionIcon variant="subtle" color="red" aria-label={t('contabilidad.eliminar')} onClick={() => onDelete(p.id)}><IconTrash size={16} /></ActionIcon>
          )}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={8}>
            <Table withTableBorder data-testid="poliza-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('contabilidad.cuenta')}</Table.Th><Table.Th>{t('contabilidad.concepto')}</Table.Th>
                  <Table.Th ta="right">{t('contabilidad.debe')}</Table.Th><Table.Th ta="right">{t('contabilidad.haber')}</Table.Th><Table.Th>{t('contabilidad.uuids')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.lineas.map((l, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{l.numCta}</Table.Td><Table.Td>{l.concepto}</Table.Td>
                    <Table.Td ta="right">{side(l.debe)}</Table.Td><Table.Td ta="right">{side(l.haber)}</Table.Td>
                    <Table.Td><Text size="xs" ff="monospace">{l.comprobantes.map((c) => c.uuid).join(' ')}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

type Linea = { numCta: string | null; debe: string | number; haber: string | number };
const blank = (): Linea => ({ numCta: null, debe: '', haber: '' });
const dec = (v: string | number) => { try { return new Decimal(String(v || '0')); } catch { return new Decimal(0); } };

/** The manual póliza: balanced lines over accounts that receive entries (the server checks it again). */
function PolizaForm({ rfc, anio, mes, onDone }: Props & { onDone: () => void }) {
  const { t } = useTranslation();
  const cuentas = useQuery(cuentasQuery(rfc));
  const parents = new Set((cuentas.data ?? []).map((c) => c.padre).filter(Boolean));
  const options = (cuentas.data ?? []).filter((c) => c.activa && !parents.has(c.numero)).map((c) => ({ value: c.numero, label: `${c.numero} ${c.descripcion}` }));
  const [tipo, setTipo] = useState<'ingreso' | 'egreso' | 'diario'>('diario');
  const [fecha, setFecha] = useState(`${anio}-${String(Math.min(mes, 12)).padStart(2, '0')}-01`);
  const [mes13, setMes13] = useState(mes === 13);
  const [concepto, setConcepto] = useState('');
  const [lineas, setLineas] = useState<Linea[]>([blank(), blank()]);
  const debe = lineas.reduce((s, l) => s.plus(dec(l.debe)), new Decimal(0));
  const haber = lineas.reduce((s, l) => s.plus(dec(l.haber)), new Decimal(0));
  const save = useMutation({
    mutationFn: () => createPoliza({
      tipo, fecha, concepto, mes13,
      lineas: lineas.map((l) => ({ numCta: l.numCta ?? '', debe: String(l.debe || '0'), haber: String(l.haber || '0') })),
    } satisfies PolizaInput),
    onSuccess: () => { toastSuccess(t('contabilidad.polizaGuardada')); onDone(); },
    onError: (e) => toastError(errorLines(e)),
  });
  const set = (i: number, patch: Partial<Linea>) => setLineas((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Card withBorder padding="md" data-testid="poliza-form">
      <Stack gap="sm">
        <Group grow>
          <Select label={t('contabilidad.tipo')} value={tipo} onChange={(v) => setTipo((v as typeof tipo) ?? 'diario')} allowDeselect={false}
            data={(['diario', 'ingreso', 'egreso'] as const).map((v) => ({ value: v, label: t(`contabilidad.tipos.${v}`) }))} />
          <TextInput label={t('contabilidad.fecha')} type="date" value={fecha} onChange={(e) => setFecha(e.currentTarget.value)} data-testid="poliza-fecha" />
          <TextInput label={t('contabilidad.concepto')} value={concepto} onChange={(e) => setConcepto(e.currentTarget.value)} data-testid="poliza-concepto" />
        </Group>
        <Checkbox label={t('contabilidad.esMes13')} checked={mes13} onChange={(e) => setMes13(e.currentTarget.checked)} />
        {lineas.map((l, i) => (
          <Group key={i} grow align="flex-end">
            <Select searchable label={t('contabilidad.cuenta')} data={options} value={l.numCta} onChange={(v) => set(i, { numCta: v })} data-testid={`linea-cuenta-${i}`} />
            <NumberInput label={t('contabilidad.debe')} decimalScale={2} min={0} value={l.debe} onChange={(v) => set(i, { debe: v })} data-testid={`linea-debe-${i}`} />
            <NumberInput label={t('contabilidad.haber')} decimalScale={2} min={0} value={l.haber} onChange={(v) => set(i, { haber: v })} data-testid={`linea-haber-${i}`} />
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setLineas((ls) => [...ls, blank()])}>{t('contabilidad.agregarMovimiento')}</Button>
          <Text c={debe.equals(haber) ? 'teal' : 'red'} data-testid="poliza-cuadre">{t('contabilidad.cuadre', { debe: money(debe.toFixed(2)), haber: money(haber.toFixed(2)) })}</Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('contabilidad.cancelar')}</Button>
          <Button loading={save.isPending} onClick={() => save.mutate()} data-testid="poliza-guardar">{t('contabilidad.guardar')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The month's pólizas: generate them from the documents (live progress), add a manual one, see each one's lines. */
export function PolizasTab({ rfc, anio, mes }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery(polizasQuery(rfc, anio, mes));
  const [jobId, setJobId] = useState<string | null>(null);
  const [form, setForm] = useState(false);
  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: accountingKeys.all(rfc) }), [qc, rfc]);
  const gen = useMutation({ mutationFn: () => generar(anio, mes), onSuccess: (r) => setJobId(r.processId), onError: (e) => toastError(errorLines(e)) });
  const del = useMutation({ mutationFn: deletePoliza, onSuccess: () => { toastSuccess(t('contabilidad.polizaEliminada')); refresh(); }, onError: (e) => toastError(errorLines(e)) });
  const rows = q.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group>
        {mes <= 12 && <Button onClick={() => gen.mutate()} loading={gen.isPending} data-testid="generar-polizas">{t('contabilidad.generar')}</Button>}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setForm(true)} data-testid="nueva-poliza">{t('contabilidad.nuevaPoliza')}</Button>
      </Group>
      {jobId && <JobProgressBar key={jobId} jobId={jobId} onFinished={refresh} />}
      {form && <PolizaForm rfc={rfc} anio={anio} mes={mes} onDone={() => { setForm(false); refresh(); }} />}
      {rows.length === 0 ? <Text c="dimmed">{t('contabilidad.sinPolizas')}</Text> : (
        <ListTable minWidth={800} testId="polizas-table" columns={[
          {}, { label: t('contabilidad.numero') }, { label: t('contabilidad.tipo') }, { label: t('contabilidad.fecha') }, { label: t('contabilidad.concepto') },
          { label: t('contabilidad.origen') }, { label: t('contabilidad.total'), align: 'right' }, {},
        ]}>
          {rows.map((p) => <PolizaRow key={p.id} p={p} onDelete={(id) => del.mutate(id)} />)}
        </ListTable>
      )}
    </Stack>
  );
}
