import { Button, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/ui/toasts';
import { downloadLibro, libroQuery, type Libro } from '../api/accounting-api';
import { money, side } from './money';
import { ReporteDescargas } from './reporte-descargas';
import '../texts';

/** Libro diario (every line of the month's pólizas) and libro mayor (per account: saldo inicial, movements, saldo final). */
export function LibrosTab({ rfc, anio, mes }: { rfc: string; anio: number; mes: number }) {
  const { t } = useTranslation();
  const [libro, setLibro] = useState<Libro>('diario');
  const q = useQuery(libroQuery(rfc, libro, anio, mes));
  const csv = () => void downloadLibro(rfc, libro, anio, mes, 'csv').catch(() => toastError());
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl value={libro} onChange={(v) => setLibro(v as Libro)} data-testid="libro-selector"
          data={[{ value: 'diario', label: t('contabilidad.libroDiario') }, { value: 'mayor', label: t('contabilidad.libroMayor') }]} />
        <Group gap="xs">
          <ReporteDescargas rfc={rfc} reporte={libro} anio={anio} mes={mes} />
          <Button size="xs" leftSection={<IconDownload size={14} />} variant="light" onClick={csv} data-testid="libro-csv">{t('contabilidad.descargarCsv')}</Button>
        </Group>
      </Group>
      <Card withBorder padding="xs">
        {q.data && q.data.filas.length === 0 && <Text c="dimmed" p="sm">{t('contabilidad.libroVacio')}</Text>}
        {q.data && q.data.filas.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table striped data-testid="libro-table">
              <Table.Thead><Table.Tr>{q.data.columnas.map((c, i) => <Table.Th key={i} ta={q.data.montos.includes(i) ? 'right' : undefined}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
              <Table.Tbody>
                {q.data.filas.map((f, r) => (
                  <Table.Tr key={r} data-testid="libro-row">
                    {f.map((v, i) => <Table.Td key={i} ta={q.data.montos.includes(i) ? 'right' : undefined}>{q.data.montos.includes(i) && v !== '' ? (q.data.libro === 'mayor' && i === f.length - 1 ? money(v) : side(v)) : v}</Table.Td>)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
