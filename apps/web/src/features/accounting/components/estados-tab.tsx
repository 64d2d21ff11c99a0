import { Alert, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { estadosQuery } from '../api/accounting-api';
import { money } from './money';
import { ReporteDescargas } from './reporte-descargas';
import '../texts';

/** Estado de resultados (month and year to date) and balance general at the end of the month. */
export function EstadosTab({ rfc, anio, mes }: { rfc: string; anio: number; mes: number }) {
  const { t } = useTranslation();
  const q = useQuery(estadosQuery(rfc, anio, mes));
  if (!q.data) return null;
  const { resultados, balance } = q.data;
  const grupo = (titulo: string, g: typeof balance.activo, testId: string) => (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={5} mb="xs">{titulo}</Title>
      <Table>
        <Table.Tbody>
          {g.renglones.map((r) => <Table.Tr key={r.numero}><Table.Td>{r.numero} {r.descripcion}</Table.Td><Table.Td ta="right">{money(r.saldo)}</Table.Td></Table.Tr>)}
          <Table.Tr fw={700}><Table.Td>{t('contabilidad.totales')}</Table.Td><Table.Td ta="right">{money(g.total)}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
  return (
    <Stack gap="md">
      <Card withBorder padding="md" data-testid="estado-resultados">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('contabilidad.estadoResultados')}</Title>
          <ReporteDescargas rfc={rfc} reporte="resultados" anio={anio} mes={mes} />
        </Group>
        <Table>
          <Table.Thead>
            <Table.Tr><Table.Th /><Table.Th ta="right">{t('contabilidad.delMes')}</Table.Th><Table.Th ta="right">{t('contabilidad.acumulado')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {resultados.secciones.filter((s) => s.renglones.length).flatMap((s) => [
              <Table.Tr key={s.clave} fw={700}><Table.Td>{t(`contabilidad.secciones.${s.clave}`)}</Table.Td><Table.Td ta="right">{money(s.mes)}</Table.Td><Table.Td ta="right">{money(s.acumulado)}</Table.Td></Table.Tr>,
              ...s.renglones.map((r) => (
                <Table.Tr key={`${s.clave}-${r.numero}`}><Table.Td pl="lg">{r.numero} {r.descripcion}</Table.Td><Table.Td ta="right">{money(r.mes)}</Table.Td><Table.Td ta="right">{money(r.acumulado)}</Table.Td></Table.Tr>
              )),
            ])}
            <Table.Tr fw={700} data-testid="utilidad"><Table.Td>{t('contabilidad.utilidad')}</Table.Td><Table.Td ta="right">{money(resultados.utilidadMes)}</Table.Td><Table.Td ta="right">{money(resultados.utilidadAcumulada)}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <Group justify="space-between">
        <Title order={4}>{t('contabilidad.balanceGeneral')}</Title>
        <ReporteDescargas rfc={rfc} reporte="balance" anio={anio} mes={mes} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {grupo(t('contabilidad.activo'), balance.activo, 'balance-activo')}
        {grupo(t('contabilidad.pasivo'), balance.pasivo, 'balance-pasivo')}
        {grupo(t('contabilidad.capital'), balance.capital, 'balance-capital')}
      </SimpleGrid>
      <Group><Text>{t('contabilidad.resultadoEjercicio')}: <b>{money(balance.resultadoEjercicio)}</b></Text></Group>
      {balance.diferencia !== '0.00' && <Alert color="red">{t('contabilidad.diferencia', { monto: money(balance.diferencia) })}</Alert>}
    </Stack>
  );
}
