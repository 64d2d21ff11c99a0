import { Button, Card, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNTING_ROLES, type Reglas } from '@facturo/contract';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { accountingKeys, cuentasQuery, reglasQuery, saveReglas } from '../api/accounting-api';
import { errorLines } from './errors';
import '../texts';

/** The rules table: which account each part of a document goes to, and expense accounts by ClaveProdServ prefix. */
export function ReglasTab({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery(reglasQuery(rfc));
  const cuentas = useQuery(cuentasQuery(rfc));
  const [reglas, setReglas] = useState<Reglas | null>(null);
  useEffect(() => { if (q.data) setReglas(q.data); }, [q.data]);
  const save = useMutation({
    mutationFn: () => saveReglas(reglas!),
    onSuccess: () => { toastSuccess(t('contabilidad.reglasGuardadas')); void qc.invalidateQueries({ queryKey: accountingKeys.reglas(rfc) }); },
    onError: (e) => toastError(errorLines(e)),
  });
  if (!reglas) return null;
  const options = (cuentas.data ?? []).filter((c) => c.activa && !c.rfcTercero).map((c) => ({ value: c.numero, label: `${c.numero} ${c.descripcion}` }));
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Table data-testid="reglas-table">
          <Table.Thead><Table.Tr><Table.Th>{t('contabilidad.rol')}</Table.Th><Table.Th>{t('contabilidad.cuenta')}</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {ACCOUNTING_ROLES.map((rol) => (
              <Table.Tr key={rol}>
                <Table.Td>{t(`contabilidad.roles.${rol}`)}</Table.Td>
                <Table.Td><Select searchable data={options} value={reglas.cuentas[rol]} allowDeselect={false}
                  onChange={(v) => v && setReglas({ ...reglas, cuentas: { ...reglas.cuentas, [rol]: v } })} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder padding="md">
        <Title order={5} mb="sm">{t('contabilidad.gastosPorClave')}</Title>
        <Stack gap="xs">
          {reglas.gastosPorClave.map((r, i) => (
            <Group key={i} grow>
              <TextInput label={t('contabilidad.prefijo')} value={r.prefijo}
                onChange={(e) => { const prefijo = e.currentTarget.value; setReglas({ ...reglas, gastosPorClave: reglas.gastosPorClave.map((x, j) => (j === i ? { ...x, prefijo } : x)) }); }} />
              <Select label={t('contabilidad.cuenta')} searchable data={options} value={r.cuenta} allowDeselect={false}
                onChange={(v) => v && setReglas({ ...reglas, gastosPorClave: reglas.gastosPorClave.map((x, j) => (j === i ? { ...x, cuenta: v } : x)) })} />
            </Group>
          ))}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => setReglas({ ...reglas, gastosPorClave: [...reglas.gastosPorClave, { prefijo: '', cuenta: reglas.cuentas.gastoGeneral }] })}>
              {t('contabilidad.agregarRegla')}
            </Button>
            <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="reglas-guardar">{t('contabilidad.guardar')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
