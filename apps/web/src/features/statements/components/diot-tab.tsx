import { ActionIcon, Alert, Badge, Button, Card, Checkbox, FileButton, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileUpload, IconPlus, IconTable, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '@facturo/cfdi/money';
import { DIOT_STATUS_TEXT, DIOT_TIPO_OPERACION, MONTH_NAMES, type Diot } from '@facturo/contract';
import type { Period } from '../../../shared/period/period-store';
import { ListTable } from '../../../shared/ui/list-table';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { acuseUrl, createDiot, diotHistoryQuery, downloadDiotFile, getDiot, statementKeys, submitDiot, uploadAcuse } from '../api/statements-api';
import { DiotSuppliers } from './diot-suppliers';
import { errorLines } from './statement-tab';

const CAMPOS: Record<string, string> = {
  tipoOperacion: 'Tipo de operación', stotal: 'Total pagado', stiva16: 'Base 16 %', stiva8: 'Base 8 %', stiva0: 'Tasa 0 %', stivaex: 'Exento',
  stnoobjeto: 'No objeto', devoluciones16: 'Devoluciones 16 %', devoluciones8: 'Devoluciones 8 %', iva16: 'IVA acreditable 16 %', iva8: 'IVA acreditable 8 %',
  ivaNoAcreditable: 'IVA no acreditable', ivaRetenido: 'IVA retenido', importacion16: 'Importación 16 %', importacionExento: 'Importación exenta',
};
const show = (campo: string, v: string) => (v === '' ? '—' : campo === 'tipoOperacion' ? v : formatMoney(v));

export function DiotResult({ d, rfc }: { d: Diot; rfc: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="diot-result">
      <Group justify="space-between" mb="xs">
        <Title order={5}>DIOT folio {d.folio} · {MONTH_NAMES[d.mes - 1]} {d.anio}</Title>
        <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void downloadDiotFile(d.folio, rfc, d.anio, d.mes).catch(() => toastError())} data-testid="diot-download">
          Descargar archivo .txt
        </Button>
      </Group>
      {d.info.map((i) => <Alert key={i} color="blue" mb="xs">{i}</Alert>)}
      <ListTable minWidth={760} testId="diot-rows" columns={[{ label: 'Tercero' }, { label: 'RFC / ID fiscal' }, { label: 'Nombre' }, { label: 'Base 16 %', align: 'right' }, { label: 'Tasa 0 %', align: 'right' }, { label: 'Exento', align: 'right' }, { label: 'IVA acreditable', align: 'right' }, { label: 'Total', align: 'right' }]}>
        {d.rows.map((r) => (
          <Table.Tr key={`${r.tipoTercero}-${r.rfc || r.idFiscal}`}>
            <Table.Td>{r.tipoTercero}/{r.tipoOperacion}</Table.Td>
            <Table.Td>{r.rfc || `${r.idFiscal} (${r.pais})`}</Table.Td>
            <Table.Td>{r.nombre}</Table.Td>
            <Table.Td ta="right">{formatMoney(r.stiva16)}</Table.Td>
            <Table.Td ta="right">{formatMoney(r.stiva0)}</Table.Td>
            <Table.Td ta="right">{formatMoney(r.stivaex)}</Table.Td>
            <Table.Td ta="right">{formatMoney(r.iva16)}</Table.Td>
            <Table.Td ta="right">{formatMoney(r.stotal)}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {d.diff && (
        <Stack gap={4} mt="md" data-testid="diot-diff">
          <Text fw={600}>Cambios contra la DIOT {d.diff.contra === 'presentada' ? 'presentada' : 'generada'} folio {d.diff.contraFolio}</Text>
          {d.diff.cambios.length === 0 ? <Text size="sm" c="dimmed">Sin cambios: no hace falta una complementaria.</Text> : d.diff.cambios.map((c) => (
            <Card key={c.rfc} withBorder padding="xs">
              <Group gap="xs"><Badge color={c.cambio === 'agregado' ? 'teal' : c.cambio === 'eliminado' ? 'red' : 'yellow'}>{c.cambio}</Badge><Text size="sm" fw={600}>{c.rfc}</Text><Text size="sm">{c.nombre}</Text></Group>
              {c.campos.map((f) => <Text key={f.campo} size="xs">{CAMPOS[f.campo] ?? f.campo}: {show(f.campo, f.antes)} → {show(f.campo, f.despues)}</Text>)}
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}

interface Foreign { idFiscal: string; nombre: string; pais: string; jurisdiccion: string; tipoOperacion: '02' | '03' | '07'; importacion16: string; exento: string }
const emptyForeign = (): Foreign => ({ idFiscal: '', nombre: '', pais: '', jurisdiccion: '', tipoOperacion: '07', importacion16: '0', exento: '0' });

/** Foreign suppliers issue no CFDI: their operations of the month are typed here (tipo de tercero 05). */
function ForeignSuppliers({ list, onChange }: { list: Foreign[]; onChange: (l: Foreign[]) => void }) {
  const set = (i: number, p: Partial<Foreign>) => onChange(list.map((f, j) => (j === i ? { ...f, ...p } : f)));
  return (
    <Stack gap={4} data-testid="diot-foreign">
      {list.map((f, i) => (
        <Group key={i} align="flex-end" gap="xs">
          <TextInput label="ID fiscal" value={f.idFiscal} w={130} onChange={(e) => set(i, { idFiscal: e.currentTarget.value })} />
          <TextInput label="Nombre" value={f.nombre} w={180} onChange={(e) => set(i, { nombre: e.currentTarget.value })} />
          <TextInput label="País (3 letras)" value={f.pais} w={110} onChange={(e) => set(i, { pais: e.currentTarget.value.toUpperCase() })} />
          {f.pais === 'ZZZ' && <TextInput label="Jurisdicción" value={f.jurisdiccion} w={140} onChange={(e) => set(i, { jurisdiccion: e.currentTarget.value })} />}
          <Select label="Operación" w={220} value={f.tipoOperacion} allowDeselect={false}
            data={(['02', '03', '07'] as const).map((v) => ({ value: v, label: `${v} ${DIOT_TIPO_OPERACION[v]}` }))}
            onChange={(v) => v && set(i, { tipoOperacion: v as Foreign['tipoOperacion'] })} />
          <TextInput label="Importación 16 %" value={f.importacion16} w={130} onChange={(e) => set(i, { importacion16: e.currentTarget.value })} />
          <TextInput label="Exento" value={f.exento} w={100} onChange={(e) => set(i, { exento: e.currentTarget.value })} />
          <ActionIcon variant="subtle" color="red" aria-label="Quitar proveedor extranjero" onClick={() => onChange(list.filter((_, j) => j !== i))}><IconTrash size={16} /></ActionIcon>
        </Group>
      ))}
      <Group><Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => onChange([...list, emptyForeign()])}>Agregar proveedor extranjero</Button></Group>
    </Stack>
  );
}

/** The DIOT: generate the filter's month, its rows and diff, and the history with file and acuse. */
export function DiotTab({ rfc, period }: { rfc: string; period: Period }) {
  const qc = useQueryClient();
  const [global, setGlobal] = useState(false);
  const [current, setCurrent] = useState<Diot | null>(null);
  const [foreign, setForeign] = useState<Foreign[]>([]);
  const history = useQuery(diotHistoryQuery(rfc, period.year));
  const refresh = () => qc.invalidateQueries({ queryKey: statementKeys.diots(rfc, period.year) });
  const generate = useMutation({
    mutationFn: () => createDiot({ month: period.month, year: period.year, agruparGlobal: global, extranjeros: foreign.map((f) => ({ ...f, jurisdiccion: f.jurisdiccion || undefined })) }),
    onSuccess: async (d) => { setCurrent(d); await refresh(); toastSuccess(`DIOT de ${MONTH_NAMES[d.mes - 1]} ${d.anio} generada (folio ${d.folio})`); },
    onError: (e) => toastError(errorLines(e)),
  });
  const open = useMutation({ mutationFn: (folio: number) => getDiot(folio), onSuccess: setCurrent, onError: () => toastError() });
  const submit = useMutation({
    mutationFn: submitDiot,
    onSuccess: async (r) => { toastSuccess(r.message); await refresh(); },
    onError: (e) => toastError(errorLines(e)),
  });
  const acuse = useMutation({
    mutationFn: ({ folio, file }: { folio: number; file: File }) => uploadAcuse(folio, file),
    onSuccess: async (r) => { toastSuccess(r.message); await refresh(); },
    onError: (e) => toastError(errorLines(e)),
  });
  return (
    <Stack gap="md">
      <Group>
        <Button leftSection={<IconTable size={16} />} loading={generate.isPending} onClick={() => generate.mutate()} data-testid="diot-generate">
          Generar DIOT de {MONTH_NAMES[period.month - 1]} {period.year}
        </Button>
        <Checkbox label="Agrupar proveedores menores como proveedor global" checked={global} onChange={(e) => setGlobal(e.currentTarget.checked)} />
      </Group>
      <DiotSuppliers rfc={rfc} period={period} />
      <ForeignSuppliers list={foreign} onChange={setForeign} />
      {current && <DiotResult d={current} rfc={rfc} />}
      <Card withBorder radius="md" padding="sm">
        <Text fw={600} mb="xs">Historial {period.year}</Text>
        {(history.data?.data.length ?? 0) === 0 ? <Text size="sm" c="dimmed">Aún no hay DIOT generadas en {period.year}.</Text> : (
          <ListTable minWidth={760} testId="diot-history" columns={[{ label: 'Folio' }, { label: 'Periodo' }, { label: 'Estado' }, { label: 'Proveedores', align: 'right' }, {}]}>
            {(history.data?.data ?? []).map((h) => (
              <Table.Tr key={h.folio} data-testid={`diot-${h.folio}`}>
                <Table.Td>{h.folio}</Table.Td>
                <Table.Td>{MONTH_NAMES[h.month - 1]} {h.year}</Table.Td>
                <Table.Td><Badge color={h.status === 2 ? 'teal' : h.status === 1 ? 'yellow' : 'gray'}>{DIOT_STATUS_TEXT[h.status] ?? h.status}</Badge></Table.Td>
                <Table.Td ta="right">{h.proveedores}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="subtle" onClick={() => open.mutate(h.folio)}>Ver</Button>
                    <Button size="xs" variant="subtle" onClick={() => void downloadDiotFile(h.folio, rfc, h.year, h.month).catch(() => toastError())}>Archivo</Button>
                    {h.status === 0 && (
                      <Button size="xs" variant="subtle" loading={submit.isPending && submit.variables === h.folio} onClick={() => submit.mutate(h.folio)} data-testid={`diot-submit-${h.folio}`}>
                        Marcar como enviada
                      </Button>
                    )}
                    {h.urlAcuse
                      ? <Button size="xs" variant="subtle" onClick={() => void acuseUrl(h.folio).then((u) => window.open(u, '_blank'), () => toastError())}>Acuse</Button>
                      : (
                        <FileButton accept="application/pdf" onChange={(file) => file && acuse.mutate({ folio: h.folio, file })}>
                          {(props) => <Button size="xs" variant="subtle" leftSection={<IconFileUpload size={14} />} {...props} data-testid={`diot-acuse-${h.folio}`}>Subir acuse</Button>}
                        </FileButton>
                      )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Card>
    </Stack>
  );
}
