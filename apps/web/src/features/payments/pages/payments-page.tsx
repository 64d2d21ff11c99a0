import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { formatMoney } from '@facturo/cfdi/money';
import { call } from '../../../shared/api/call';
import { formatDate } from '../../../shared/format/dates';
import { useSession } from '../../../shared/session/session-store';
import { paymentsQuery } from '../api/payments-api';

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

/** /payments: history with receipts; the last failed payment (status 2) is flagged. */
export function PaymentsPage() {
  const { user } = useSession();
  const payments = useQuery(paymentsQuery(user?.username ?? ''));
  if (payments.isPending) return <Loader />;
  if (payments.isError) return <Alert color="red">No se pudo cargar tu historial de pagos</Alert>;
  const { data, lastFailed } = payments.data;
  return (
    <Stack gap="lg">
      <Title order={2}>Pagos</Title>
      {lastFailed && (
        <Alert color="red" title="Tu último pago fue rechazado" data-testid="last-payment-failed">
          Actualiza tu método de pago y reintenta el cobro para seguir usando la plataforma.
        </Alert>
      )}
      <Card withBorder radius="lg" padding={0} style={{ overflowX: 'auto' }}>
        {data.length === 0 ? <Text p="lg" c="dimmed">Aún no tienes pagos</Text> : (
          <Table striped miw={360} data-testid="payments-table">
            <Table.Thead>
              <Table.Tr><Table.Th>Fecha</Table.Th><Table.Th>Concepto</Table.Th><Table.Th>Importe</Table.Th><Table.Th>Estado</Table.Th><Table.Th>Comprobante</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDate(p.date)}</Table.Td>
                  <Table.Td>{p.description}</Table.Td>
                  <Table.Td>{formatMoney(p.amount)}</Table.Td>
                  <Table.Td>{p.status === 2 ? <Badge color="red">Rechazado</Badge> : <Badge color="teal">Pagado</Badge>}</Table.Td>
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
