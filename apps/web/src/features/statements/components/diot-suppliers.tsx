import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@facturo/cfdi/money';
import { DIOT_OPERACIONES_POR_TERCERO, DIOT_TIPO_OPERACION, MONTH_NAMES, type DiotSupplier, type DiotSupplierBodyIn } from '@facturo/contract';
import type { Period } from '../../../shared/period/period-store';
import { ListTable } from '../../../shared/ui/list-table';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { deleteDiotSupplier, diotSuppliersQuery, saveDiotSupplier, statementKeys } from '../api/statements-api';
import { errorLines } from './statement-tab';

const ops = (extranjero: boolean) => (DIOT_OPERACIONES_POR_TERCERO[extranjero ? '05' : '04'] ?? [])
  .map((v) => ({ value: v, label: `${v} ${DIOT_TIPO_OPERACION[v as keyof typeof DIOT_TIPO_OPERACION]}` }));

/** The body PUT /api/diot/proveedores takes for a supplier and what the user edited (empty texts not sent). */
export function supplierBody(s: DiotSupplier, edit: Partial<Pick<DiotSupplier, 'tipoOperacion' | 'pais' | 'idFiscal' | 'nacionalidad' | 'jurisdiccion'>>): DiotSupplierBodyIn {
  const v = { ...s, ...edit };
  const text = (x: string) => (x.trim() ? x.trim() : undefined);
  if (!s.extranjero) return { rfc: s.rfc, tipoOperacion: v.tipoOperacion as DiotSupplierBodyIn['tipoOperacion'] };
  return {
    rfc: s.rfc, nombre: s.nombre, tipoOperacion: v.tipoOperacion as DiotSupplierBodyIn['tipoOperacion'],
    pais: text(v.pais), idFiscal: text(v.idFiscal), nacionalidad: text(v.nacionalidad), jurisdiccion: v.pais.trim().toUpperCase() === 'ZZZ' ? text(v.jurisdiccion) : undefined,
  };
}

/** A supplier under the generic foreign RFC: país, ID fiscal, nacionalidad (and jurisdicción with ZZZ), saved together. */
function ForeignData({ s, save, pending }: { s: DiotSupplier; save: (b: DiotSupplierBodyIn) => void; pending: boolean }) {
  const [d, setD] = useState({ pais: s.pais, idFiscal: s.idFiscal, nacionalidad: s.nacionalidad, jurisdiccion: s.jurisdiccion });
  const key = s.nombre;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput size="xs" w={80} label="País" aria-label={`País de ${key}`} placeholder="USA" value={d.pais} onChange={(e) => setD({ ...d, pais: e.currentTarget.value.toUpperCase() })} />
      <TextInput size="xs" w={130} label="ID fiscal" aria-label={`ID fiscal de ${key}`} value={d.idFiscal} onChange={(e) => setD({ ...d, idFiscal: e.currentTarget.value })} />
      <TextInput size="xs" w={130} label="Nacionalidad" aria-label={`Nacionalidad de ${key}`} value={d.nacionalidad} onChange={(e) => setD({ ...d, nacionalidad: e.currentTarget.value })} />
      {d.pais === 'ZZZ' && <TextInput size="xs" w={140} label="Jurisdicción" aria-label={`Jurisdicción de ${key}`} value={d.jurisdiccion} onChange={(e) => setD({ ...d, jurisdiccion: e.currentTarget.value })} />}
      <Button size="xs" variant="light" loading={pending} onClick={() => save(supplierBody(s, d))} aria-label={`Guardar datos de ${key}`}>Guardar</Button>
    </Group>
  );
}

/**
 * "Proveedores de la DIOT": the month's paid suppliers and the saved ones, each with the tipo de operación the DIOT
 * writes (kept for later months) and, for suppliers under XEXX010101000, the data of their tipo 05 line.
 */
export function DiotSuppliers({ rfc, period }: { rfc: string; period: Period }) {
  const qc = useQueryClient();
  const list = useQuery(diotSuppliersQuery(rfc, period.month, period.year));
  const refresh = () => qc.invalidateQueries({ queryKey: [...statementKeys.all(rfc), 'diot-suppliers'] });
  const save = useMutation({
    mutationFn: saveDiotSupplier,
    onSuccess: async (s) => { toastSuccess(`${s.nombre || s.rfc}: guardado para la DIOT`); await refresh(); },
    onError: (e) => toastError(errorLines(e)),
  });
  const reset = useMutation({
    mutationFn: deleteDiotSupplier,
    onSuccess: async (r) => { toastSuccess(r.message); await refresh(); },
    onError: (e) => toastError(errorLines(e)),
  });
  const rows = list.data?.data ?? [];
  return (
    <Card withBorder radius="md" padding="sm" data-testid="diot-suppliers">
      <Stack gap="xs">
        <Text fw={600}>Proveedores de la DIOT · {MONTH_NAMES[period.month - 1]} {period.year}</Text>
        <Text size="xs" c="dimmed">
          El tipo de operación se guarda por proveedor y se usa en cada DIOT. Un proveedor que factura con el RFC genérico XEXX010101000 va como extranjero (tipo 05) cuando registras su país y su número de identificación fiscal; sin ellos va en el renglón de proveedor global.
        </Text>
        {rows.length === 0 ? <Text size="sm" c="dimmed">{list.isPending ? 'Cargando…' : 'No hay proveedores pagados en el mes ni guardados.'}</Text> : (
          <ListTable minWidth={860} testId="diot-suppliers-table" columns={[{ label: 'Proveedor' }, { label: 'Pagado', align: 'right' }, { label: 'Tipo de operación' }, { label: 'Extranjero' }, {}]}>
            {rows.map((s) => (
              <Table.Tr key={`${s.rfc}-${s.nombre}`} data-testid={`diot-supplier-${s.rfc}-${s.nombre}`}>
                <Table.Td>
                  <Text size="sm" fw={600}>{s.rfc}</Text>
                  <Text size="xs">{s.nombre}</Text>
                  {s.guardado && <Badge size="xs" variant="light">Guardado</Badge>}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(s.pagado)}<Text size="xs" c="dimmed">{s.cfdis} CFDI</Text></Table.Td>
                <Table.Td>
                  <NativeSelect size="xs" aria-label={`Tipo de operación de ${s.nombre || s.rfc}`} value={s.tipoOperacion} data={ops(s.extranjero)}
                    disabled={s.extranjero && !(s.pais && s.idFiscal)}
                    onChange={(e) => save.mutate(supplierBody(s, { tipoOperacion: e.currentTarget.value }))} />
                </Table.Td>
                <Table.Td>{s.extranjero ? <ForeignData key={`${s.id}-${s.pais}-${s.idFiscal}`} s={s} save={(b) => save.mutate(b)} pending={save.isPending} /> : <Text size="xs" c="dimmed">—</Text>}</Table.Td>
                <Table.Td>
                  {s.id !== null && (
                    <Tooltip label="Quitar del catálogo (vuelve a los valores por omisión)">
                      <ActionIcon variant="subtle" color="gray" aria-label={`Quitar ${s.nombre || s.rfc} del catálogo`} onClick={() => reset.mutate(s.id!)}><IconRestore size={16} /></ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
    </Card>
  );
}
