import { useState } from 'react';
import { Button, Card, Group, NumberInput, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agingQuery, remindersQuery } from '../api/bank-api';
import { CustomerStatementModal } from './customer-statement-modal';
import { PayablesReminder } from './payables-reminder';
import '../texts';

const BUCKETS = ['corriente', 'd1_30', 'd31_60', 'd61_90', 'mas90', 'total'] as const;

/** Receivables / payables aging by counterparty (issue 27 §5): who owes (or is owed) what, and how late. */
export function AgingCard({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const [tipo, setTipo] = useState<'clientes' | 'proveedores'>('clientes');
  const [dias, setDias] = useState(30);
  const report = useQuery(agingQuery(rfc, tipo, dias));
  const log = useQuery(remindersQuery(rfc));
  const [cliente, setCliente] = useState<string | null>(null);
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
            <Table.Tr><Table.Th>{t(`bank.aging.${tipo}`)}</Table.Th>{BUCKETS.map((b) => <Table.Th key={b} ta="right">{t(`bank.aging.buckets.${b}`)}</Table.Th>)}{tipo === 'clientes' && <Table.Th />}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(report.data?.data ?? []).map((r) => (
              <Table.Tr key={r.rfc}>
                <Table.Td><Text size="sm">{r.nombre ?? r.rfc}</Text><Text size="xs" c="dimmed">{r.rfc} · {t('bank.aging.docs', { count: r.documentos })}</Text></Table.Td>
                {BUCKETS.map((b) => <Table.Td key={b} ta="right">{r[b]}</Table.Td>)}
                {tipo === 'clientes' && <Table.Td><Button size="xs" variant="light" onClick={() => setCliente(r.rfc)} data-testid={`statement-${r.rfc}`}>{t('bank.receivables.open')}</Button></Table.Td>}
              </Table.Tr>
            ))}
            {report.data && (
              <Table.Tr fw={700}><Table.Td>{t('bank.aging.totals')}</Table.Td>{BUCKETS.map((b) => <Table.Td key={b} ta="right">{report.data.totales[b]}</Table.Td>)}{tipo === 'clientes' && <Table.Td />}</Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {tipo === 'proveedores' && <PayablesReminder rfc={rfc} />}
        {tipo === 'clientes' && (log.data?.data.length ?? 0) > 0 && (
          <Stack gap={2} data-testid="reminders-sent">
            <Text fw={600} size="sm">{t('bank.receivables.logTitle')}</Text>
            {log.data!.data.slice(0, 10).map((r) => (
              <Text key={r.id} size="xs">{r.fecha.slice(0, 16).replace('T', ' ')} · {t(`bank.receivables.kinds.${r.tipo}`)} · {r.rfc} · {r.email} · {r.saldo}</Text>
            ))}
          </Stack>
        )}
      </Stack>
      <CustomerStatementModal rfc={rfc} cliente={cliente} onClose={() => setCliente(null)} />
    </Card>
  );
}
