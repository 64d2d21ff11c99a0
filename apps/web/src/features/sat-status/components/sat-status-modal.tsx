import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CfdiSatStatusResult } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { cfdiSatStatus } from '../api/sat-status-api';

const COLOR: Record<CfdiSatStatusResult['estado'], string> = { Vigente: 'teal', Cancelado: 'red', 'No encontrado': 'gray' };

interface Props {
  /** The document to ask about; null closes the modal. */
  uuid: string | null;
  /** What to refetch when SAT's answer changed the document (the list it came from). */
  invalidate: QueryKey;
  onClose: () => void;
}

/** "Consultar estado en el SAT" (issue 15 §2): SAT's answer for the row's document, recorded by the API. */
export function SatStatusModal({ uuid, invalidate, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['sat-status', uuid],
    queryFn: async () => {
      const r = await cfdiSatStatus(uuid!);
      if (r.actualizado) await queryClient.invalidateQueries({ queryKey: invalidate });
      return r;
    },
    enabled: Boolean(uuid),
    gcTime: 0,
    retry: false,
  });
  const s = status.data;
  const error = status.error ? (isApiError(status.error) ? status.error.body?.message : null) ?? t('satStatus.failed') : null;
  return (
    <Modal opened={Boolean(uuid)} onClose={onClose} title={t('satStatus.title')} size="lg">
      <Stack>
        <Text size="xs" c="dimmed" ff="monospace">{uuid}</Text>
        {status.isFetching && <Group><Loader size="sm" /><Text size="sm">{t('satStatus.asking')}</Text></Group>}
        {error && <Alert color="red">{error}</Alert>}
        {s && !status.isFetching && (
          <>
            <Group data-testid="sat-estado">
              <Text fw={600}>{t('satStatus.estado')}</Text>
              <Badge size="lg" color={COLOR[s.estado]}>{s.estado}</Badge>
            </Group>
            <Table withRowBorders={false}>
              <Table.Tbody>
                <Table.Tr><Table.Td>{t('satStatus.esCancelable')}</Table.Td><Table.Td>{s.esCancelable || '—'}</Table.Td></Table.Tr>
                <Table.Tr><Table.Td>{t('satStatus.estatusCancelacion')}</Table.Td><Table.Td>{s.estatusCancelacion || '—'}</Table.Td></Table.Tr>
                <Table.Tr>
                  <Table.Td>{t('satStatus.validacionEFOS')}</Table.Td>
                  <Table.Td>{s.validacionEFOS === '100' ? t('satStatus.efosListed') : t('satStatus.efosClear')}</Table.Td>
                </Table.Tr>
                <Table.Tr><Table.Td>{t('satStatus.codigo')}</Table.Td><Table.Td>{s.codigoEstatus}</Table.Td></Table.Tr>
              </Table.Tbody>
            </Table>
            {s.actualizado && <Alert color="yellow">{t('satStatus.updated', { estado: t(`satStatus.local.${s.estadoLocal}`) })}</Alert>}
            {s.fuente === 'local' && <Text size="xs" c="dimmed">{t('satStatus.local.note')}</Text>}
          </>
        )}
        <Group justify="flex-end"><Button variant="default" onClick={onClose}>{t('satStatus.close')}</Button></Group>
      </Stack>
    </Modal>
  );
}
