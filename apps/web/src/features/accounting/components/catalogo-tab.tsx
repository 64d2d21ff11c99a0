import { ActionIcon, Badge, Button, Card, FileButton, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../shared/ui/list-table';
import { toastError, toastSuccess, toastWarning } from '../../../shared/ui/toasts';
import { accountingKeys, createCuenta, cuentasQuery, downloadXml, importarCatalogo, updateCuenta, type SelloDescarga } from '../api/accounting-api';
import { errorLines } from './errors';
import { selloAdvertencia } from './sello';
import '../texts';

/** The chart of accounts: add a subaccount, rename, (de)activate; download the CT file. */
export function CatalogoTab({ rfc, anio, mes }: { rfc: string; anio: number; mes: number }) {
  const { t } = useTranslation();
  const avisarSello = (s: SelloDescarga) => { const w = selloAdvertencia(t, s); if (w) toastWarning(w); };
  const qc = useQueryClient();
  const q = useQuery(cuentasQuery(rfc));
  const [nueva, setNueva] = useState({ numero: '', descripcion: '', codigoAgrupador: '', padre: null as string | null });
  const refresh = () => void qc.invalidateQueries({ queryKey: accountingKeys.cuentas(rfc) });
  const add = useMutation({
    mutationFn: () => createCuenta({ ...nueva, padre: nueva.padre }),
    onSuccess: () => { toastSuccess(t('contabilidad.cuentaGuardada')); setNueva({ numero: '', descripcion: '', codigoAgrupador: '', padre: null }); refresh(); },
    onError: (e) => toastError(errorLines(e)),
  });
  const patch = useMutation({
    mutationFn: (v: { numero: string; descripcion?: string; activa?: boolean }) => updateCuenta(v.numero, v),
    onSuccess: () => { toastSuccess(t('contabilidad.cuentaGuardada')); refresh(); },
    onError: (e) => toastError(errorLines(e)),
  });
  const importar = useMutation({
    mutationFn: async (file: File) => importarCatalogo(await file.text()),
    onSuccess: (r) => { toastSuccess(t('contabilidad.catalogoImportado', { count: r.importadas })); refresh(); },
    onError: (e) => toastError(errorLines(e)),
  });
  const cuentas = q.data ?? [];
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group grow align="flex-end">
          <Select searchable clearable label={t('contabilidad.padre')} value={nueva.padre} data-testid="cuenta-padre"
            data={cuentas.filter((c) => c.activa).map((c) => ({ value: c.numero, label: `${c.numero} ${c.descripcion}` }))}
            onChange={(v) => setNueva((n) => ({ ...n, padre: v, codigoAgrupador: cuentas.find((c) => c.numero === v)?.codigoAgrupador ?? n.codigoAgrupador, numero: v ? `${v}.` : n.numero }))} />
          <TextInput label={t('contabilidad.numero')} value={nueva.numero} onChange={(e) => { const numero = e.currentTarget.value; setNueva((n) => ({ ...n, numero })); }} data-testid="cuenta-numero" />
          <TextInput label={t('contabilidad.descripcion')} value={nueva.descripcion} onChange={(e) => { const descripcion = e.currentTarget.value; setNueva((n) => ({ ...n, descripcion })); }} data-testid="cuenta-descripcion" />
          <TextInput label={t('contabilidad.codigoAgrupador')} value={nueva.codigoAgrupador} onChange={(e) => { const codigoAgrupador = e.currentTarget.value; setNueva((n) => ({ ...n, codigoAgrupador })); }} data-testid="cuenta-codigo" />
          <Button onClick={() => add.mutate()} loading={add.isPending} data-testid="cuenta-agregar">{t('contabilidad.nuevaCuenta')}</Button>
        </Group>
      </Card>
      <Group justify="flex-end">
        <FileButton accept=".xml,application/xml,text/xml" onChange={(f) => f && importar.mutate(f)}>
          {(props) => <Button {...props} variant="default" loading={importar.isPending} data-testid="importar-catalogo">{t('contabilidad.importarCatalogo')}</Button>}
        </FileButton>
        <Button variant="light" onClick={() => void downloadXml(rfc, 'catalogo', anio, Math.min(mes, 12)).then(avisarSello, () => toastError())} data-testid="descargar-catalogo">{t('contabilidad.descargarCatalogo')}</Button>
      </Group>
      <ListTable minWidth={800} testId="cuentas-table" columns={[
        { label: t('contabilidad.numero') }, { label: t('contabilidad.descripcion') }, { label: t('contabilidad.codigoAgrupador') },
        { label: t('contabilidad.naturaleza') }, { label: t('contabilidad.nivel') }, {}, {},
      ]}>
        {cuentas.map((c) => (
          <Table.Tr key={c.numero} data-testid="cuenta-row" data-numero={c.numero} opacity={c.activa ? 1 : 0.5}>
            <Table.Td>{c.numero}</Table.Td>
            <Table.Td>{c.descripcion}</Table.Td>
            <Table.Td>{c.codigoAgrupador}</Table.Td>
            <Table.Td>{c.naturaleza === 'D' ? t('contabilidad.deudora') : t('contabilidad.acreedora')}</Table.Td>
            <Table.Td>{c.nivel}</Table.Td>
            <Table.Td><Badge variant="light" color={c.activa ? 'teal' : 'gray'}>{c.activa ? t('contabilidad.activa') : t('contabilidad.inactiva')}</Badge></Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={t('contabilidad.renombrar')} onClick={() => {
                  const descripcion = window.prompt(t('contabilidad.renombrar'), c.descripcion);
                  if (descripcion && descripcion !== c.descripcion) patch.mutate({ numero: c.numero, descripcion });
                }}><IconEdit size={16} /></ActionIcon>
                <Button size="compact-xs" variant="subtle" onClick={() => patch.mutate({ numero: c.numero, activa: !c.activa })}>
                  {c.activa ? t('contabilidad.desactivar') : t('contabilidad.activar')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
}
