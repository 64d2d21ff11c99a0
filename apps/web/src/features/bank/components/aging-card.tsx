import { useState } from 'react';
import { Card, Group, NumberInput, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agingQuery } from '../api/bank-api';
import '../texts';

const BUCKETS = ['corriente', 'd1_30', 'd31_60', 'd61_90', 'mas90', 'total'] as const;

/** Receivables / payables aging by counterparty (issue 27 §5): who owes (or is owed) what, and how late. */
export function AgingCard({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const [tipo, setTipo] = useState<'clientes' | 'proveedores'>('clientes');
  const [dias, setDias] = useState(30);
  const report = useQuery(agingQuery(rfc, tipo, dias));
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Text fw={600}>{t('bank.aging.title')}</Text>
          <Group>
            <SegmentedControl value={tipo} onChange={(v) => setTipo(v as typeof tipo)} data={[{ value: 'clientes', label: t('bank.aging.clientes') }, { value: 'proveedores', label: t('bank.aging.proveedores') }]} />
            <NumberInput w={160} min={0} max={365} value={dias} onChange={(v) => setDias(Number(v) || 0)} suffix={` ${t('bank.aging.days')}`} aria-label={t('bank.aging.term')} />
          </Group>
        </Group>
        <Table striped data-testid="bank-aging">
          <Table.Thead>
            <Table.Tr><Table.Th>{t(`bank.aging.${tipo}`)}</Table.Th>{BUCKETS.map((b) => <Table.Th key={b} ta="right">{t(`bank.aging.buckets.${b}`)}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(report.data?.data ?? []).map((r) => (
              <Table.Tr key={r.rfc}>
                <Table.Td><Text size="sm">{r.nombre ?? r.rfc}</Text><Text size="xs" c="dimmed">{r.rfc} · {t('bank.aging.docs', { count: r.documentos })}</Text></Table.Td>
                {BUCKETS.map((b) => <Table.Td key={b} ta="right">{r[b]}</Table.Td>)}
              </Table.Tr>
            ))}
            {report.data && (
              <Table.Tr fw={700}><Table.Td>{t('bank.aging.totals')}</Table.Td>{BUCKETS.map((b) => <Table.Td key={b} ta="right">{report.data.totales[b]}</Table.Td>)}</Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
