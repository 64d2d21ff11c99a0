import { Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { CancellationRequest } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatDateTime } from '../../../shared/format/dates';
import { useSession } from '../../../shared/session/session-store';
import { confirmAction } from '../../../shared/ui/confirm';
import { showAlert } from '../../../shared/ui/toasts';
import { answerCancellation, cancellationRequestsQuery, satKeys } from '../api/sat-status-api';

/**
 * "Solicitudes de cancelación" (issue 15 §3): cancellations other emisores asked for that need this account's
 * acceptance as receptor, with SAT's 72-hour deadline; accept or reject through the PAC.
 */
export function CancellationRequests({ onAnswered }: { onAnswered?: () => void }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const list = useQuery(cancellationRequestsQuery(rfc));
  const answer = useMutation({
    mutationFn: ({ r, respuesta }: { r: CancellationRequest; respuesta: 'aceptar' | 'rechazar' }) => answerCancellation(r.uuid, respuesta),
    onSuccess: async (res) => {
      showAlert(true, res.message);
      await queryClient.invalidateQueries({ queryKey: satKeys.all(rfc) });
      onAnswered?.();
    },
    onError: (e) => showAlert(false, (isApiError(e) ? e.body?.message : null) ?? t('satStatus.requests.failed')),
  });
  const ask = (r: CancellationRequest, respuesta: 'aceptar' | 'rechazar') =>
    confirmAction({
      title: t(`satStatus.requests.${respuesta}Title`),
      text: t(`satStatus.requests.${respuesta}Text`, { uuid: r.uuid, emisor: r.nombreEmisor ?? r.rfcEmisor ?? '' }),
      confirm: t(`satStatus.requests.${respuesta}`), cancel: t('satStatus.requests.back'), color: respuesta === 'aceptar' ? 'red' : 'teal',
      onConfirm: () => answer.mutate({ r, respuesta }),
    });
  const rows = list.data?.data ?? [];
  return (
    <Card withBorder data-testid="cancellation-requests">
      <Stack>
        <Text size="sm" c="dimmed">{t('satStatus.requests.intro')}</Text>
        {list.isError && <Alert color="red">{(isApiError(list.error) ? list.error.body?.message : null) ?? t('satStatus.requests.failed')}</Alert>}
        {!list.isLoading && !list.isError && rows.length === 0 && <Text size="sm">{t('satStatus.requests.empty')}</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={820}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('satStatus.requests.emisor')}</Table.Th><Table.Th>{t('satStatus.requests.uuid')}</Table.Th>
                  <Table.Th>{t('satStatus.requests.motivo')}</Table.Th><Table.Th ta="right">{t('satStatus.requests.total')}</Table.Th>
                  <Table.Th>{t('satStatus.requests.plazo')}</Table.Th><Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.uuid} data-testid={`request-${r.uuid}`}>
                    <Table.Td><Text size="sm">{r.rfcEmisor}</Text>{r.nombreEmisor && <Text size="xs" c="dimmed">{r.nombreEmisor}</Text>}</Table.Td>
                    <Table.Td><Text size="xs" ff="monospace">{r.uuid}</Text></Table.Td>
                    <Table.Td><Text size="sm">{r.motivo ? `${r.motivo} - ${r.motivoTexto ?? ''}` : '—'}</Text></Table.Td>
                    <Table.Td ta="right">{r.total ? `${formatMoney(r.total)} ${r.moneda ?? ''}` : '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(r.plazo)}</Text>
                      <Badge color={r.horasRestantes < 24 ? 'red' : 'yellow'} variant="light">{t('satStatus.requests.hoursLeft', { count: r.horasRestantes })}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" color="red" variant="light" loading={answer.isPending} onClick={() => ask(r, 'aceptar')}>{t('satStatus.requests.aceptar')}</Button>
                        <Button size="xs" color="teal" variant="light" loading={answer.isPending} onClick={() => ask(r, 'rechazar')}>{t('satStatus.requests.rechazar')}</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
