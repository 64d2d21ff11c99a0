import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { formatMoney } from '@facturo/cfdi/money';
import { call } from '../../../shared/api/call';
import { formatDate } from '../../../shared/format/dates';
import { useSession } from '../../../shared/session/session-store';
import { FilterChips } from '../../../shared/ui/filter-chips';
import { usePhone } from '../../../shared/ui/use-phone';
import { paymentsQuery } from '../api/payments-api';
import { ProviderLinks } from '../components/provider-links';

async function downloadReceipt(id: number) {
  const blob = await call(routes['payments.receipt'], { params: { id } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `comprobante-${id}.html`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type Shown = 'todos' | 'pagados' | 'rechazados';
/** Status 2 is a failed (rejected) charge (spec §9); every other payment went through. */
const SHOWN: Record<Shown, (status: number) => boolean> = { todos: () => true, pagados: (s) => s !== 2, rechazados: (s) => s === 2 };

/** /payments: history with receipts; the last failed payment (status 2) is flagged. */
export function PaymentsPage() {
  const { user } = useSession();
  const phone = usePhone();
  const [shown, setShown] = useState<Shown>('todos');
  const payments = useQuery(paymentsQuery(user?.username ?? ''));
  if (payments.isPending) return <Loader />;
  if (payments.isError) return <Alert color="red">No se pudo cargar tu historial de pagos</Alert>;
  const { data: all, lastFailed } = payments.data;
  const data = all.filter((p) => SHOWN[shown](p.status));
  const count = (k: Shown) => String(all.filter((p) => SHOWN[k](p.status)).length);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={2}>Pagos</Title>
        <ProviderLinks />
      </Group>
      {lastFailed && (
        <Alert color="red" title="Tu último pago fue rechazado" data-testid="last-payment-failed">
          Actualiza tu método de pago y reintenta el cobro para seguir usando la plataforma.
        </Alert>
      )}
      {/* The history's filters as chips (issue 25 §9), the same row a phone shows instead of stat cards. */}
      <FilterChips testId="payments-chips" label="Filtrar pagos" active={shown} onPick={setShown} chips={[
        { key: 'todos', label: 'Todos', color: 'blue', figure: count('todos') },
        { key: 'pagados', label: 'Pagados', color: 'teal', figure: count('pagados') },
        { key: 'rechazados', label: 'Rechazados', color: 'red', figure: count('rechazados') },
      ]} />
      <Card withBorder radius="lg" padding={0} style={{ overflowX: 'auto' }}>
        {data.length === 0 ? <Text p="lg" c="dimmed">{all.length === 0 ? 'Aún no tienes pagos' : 'No hay pagos con este filtro'}</Text> : phone ? (
          // Phone rows: concept and date, amount and status, the receipt button; nothing scrolls sideways.
          <Table striped verticalSpacing={6} horizontalSpacing="xs" data-testid="payments-table" style={{ tableLayout: 'fixed' }}>
            <Table.Tbody>
              {data.map((p) => (
                <Table.Tr key={p.id} data-testid={`payment-${p.id}`}>
                  <Table.Td style={{ overflow: 'hidden' }}>
                    <Text size="sm" fw={600} truncate>{p.description}</Text>
                    <Text size="xs" c="dimmed">{formatDate(p.date)}</Text>
                  </Table.Td>
                  <Table.Td ta="right" w={120}>
                    <Text size="sm" fw={600} data-testid="row-total">{formatMoney(p.amount)}</Text>
                    <PaymentStatus status={p.status} />
                  </Table.Td>
                  <Table.Td w={40}>
                    {p.paymentProof && (
                      <ActionIcon variant="subtle" aria-label={`Descargar comprobante de ${p.description}`} onClick={() => void downloadReceipt(p.id)}><IconDownload size={18} /></ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Table striped miw={360} data-testid="payments-table">
            <Table.Thead>
              <Table.Tr><Table.Th>Fecha</Table.Th><Table.Th>Concepto</Table.Th><Table.Th>Importe</Table.Th><Table.Th>Estado</Table.Th><Table.Th>Comprobante</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((p) => (
                <Table.Tr key={p.id} data-testid={`payment-${p.id}`}>
                  <Table.Td>{formatDate(p.date)}</Table.Td>
                  <Table.Td>{p.description}</Table.Td>
                  <Table.Td>{formatMoney(p.amount)}</Table.Td>
                  <Table.Td><PaymentStatus status={p.status} /></Table.Td>
                  <Table.Td>
                    {p.paymentProof ? (
                      <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => void downloadReceipt(p.id)}>Descargar</Button>
                    ) : <Group />}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}

function PaymentStatus({ status }: { status: number }) {
  return status === 2 ? <Badge size="sm" color="red" data-testid="row-estado">Rechazado</Badge> : <Badge size="sm" color="teal" data-testid="row-estado">Pagado</Badge>;
}
