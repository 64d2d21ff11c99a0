import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../shared/ui/list-table';
import { toastError, toastSuccess, toastWarning } from '../../../shared/ui/toasts';
import { accountingKeys, balanzaQuery, cerrar, downloadBalanzaPdf, downloadXml, periodoQuery, reabrir, type SelloDescarga } from '../api/accounting-api';
import { errorLines } from './errors';
import { money } from './money';
import { SaldosIniciales } from './saldos-iniciales';
import { selloAdvertencia } from './sello';
import '../texts';

interface Props { rfc: string; anio: number; mes: number }

/** The balanza de comprobación of the month, its close/reopen (logged) and its XML. */
export function BalanzaTab({ rfc, anio, mes }: Props) {
  const { t } = useTranslation();
  const avisarSello = (s: SelloDescarga) => { const w = selloAdvertencia(t, s); if (w) toastWarning(w); };
  const qc = useQueryClient();
  const q = useQuery(balanzaQuery(rfc, anio, mes));
  const periodo = useQuery(periodoQuery(rfc, anio, mes));
  const [motivo, setMotivo] = useState('');
  const done = (msg: string) => { toastSuccess(msg); void qc.invalidateQueries({ queryKey: accountingKeys.all(rfc) }); };
  const close = useMutation({ mutationFn: () => cerrar(anio, mes), onSuccess: () => done(t('contabilidad.mesCerrado')), onError: (e) => toastError(errorLines(e)) });
  const open = useMutation({ mutationFn: () => reabrir(anio, mes, motivo), onSuccess: () => { setMotivo(''); done(t('contabilidad.mesReabierto')); }, onError: (e) => toastError(errorLines(e)) });
  const cerrado = periodo.data?.cerrado ?? q.data?.cerrado ?? false;
  const rows = q.data?.rows ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Badge size="lg" color={cerrado ? 'gray' : 'teal'} data-testid="periodo-estado">{cerrado ? t('contabilidad.cerrado') : t('contabilidad.abierto')}</Badge>
        <Group>
          {cerrado ? (
            <>
              <TextInput placeholder={t('contabilidad.motivo')} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} data-testid="motivo-reapertura" />
              <Button variant="light" onClick={() => open.mutate()} loading={open.isPending} data-testid="reabrir-mes">{t('contabilidad.reabrir')}</Button>
            </>
          ) : (
            mes <= 12 && <Button variant="light" color="gray" onClick={() => close.mutate()} loading={close.isPending} data-testid="cerrar-mes">{t('contabilidad.cerrar')}</Button>
          )}
          <Button onClick={() => void downloadXml(rfc, 'balanza', anio, mes).then(avisarSello, () => toastError())} data-testid="descargar-balanza">{t('contabilidad.descargarBalanza')}</Button>
          <Button variant="light" onClick={() => void downloadBalanzaPdf(rfc, anio, mes).catch(() => toastError())} data-testid="balanza-pdf">{t('contabilidad.descargarBalanzaPdf')}</Button>
          <SaldosIniciales rfc={rfc} />
        </Group>
      </Group>
      {q.data?.saldosIniciales && <Text size="sm" c="dimmed" data-testid="saldos-desde">{t('contabilidad.saldosDesde', q.data.saldosIniciales)}</Text>}
      {rows.length === 0 ? <Text c="dimmed">{t('contabilidad.sinPolizas')}</Text> : (
        <ListTable minWidth={800} testId="balanza-table" columns={[
          { label: t('contabilidad.cuenta') }, { label: t('contabilidad.descripcion') }, { label: t('contabilidad.saldoInicial'), align: 'right' },
          { label: t('contabilidad.debe'), align: 'right' }, { label: t('contabilidad.haber'), align: 'right' }, { label: t('contabilidad.saldoFinal'), align: 'right' },
        ]}>
          {rows.map((r) => (
            <Table.Tr key={r.numero} data-testid="balanza-row" data-numero={r.numero} fw={r.nivel === 1 ? 600 : undefined}>
              <Table.Td>{r.numero}</Table.Td><Table.Td>{r.descripcion}</Table.Td>
              <Table.Td ta="right">{money(r.saldoInicial)}</Table.Td><Table.Td ta="right">{money(r.debe)}</Table.Td>
              <Table.Td ta="right">{money(r.haber)}</Table.Td><Table.Td ta="right">{money(r.saldoFinal)}</Table.Td>
            </Table.Tr>
          ))}
          {q.data && (
            <Table.Tr fw={700} data-testid="balanza-totales">
              <Table.Td colSpan={3}>{t('contabilidad.totales')}</Table.Td>
              <Table.Td ta="right">{money(q.data.totales.debe)}</Table.Td><Table.Td ta="right">{money(q.data.totales.haber)}</Table.Td><Table.Td />
            </Table.Tr>
          )}
        </ListTable>
      )}
    </Stack>
  );
}
