import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { Recurring } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { useConfirmedMutation } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { deleteRecurring, recurringKeys, recurringQuery, updateRecurring } from '../api/recurring-api';
import { EditRecurringDialog } from '../components/edit-recurring-dialog';
import '../texts';

const STATUS_COLOR = { activa: 'teal', pausada: 'gray', terminada: 'blue' } as const;

/** /invoicing/recurring: the account's recurring invoices, to pause, resume, edit and delete (issue 29 §3). */
export function RecurringPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const list = useQuery(recurringQuery(rfc));
  const [editing, setEditing] = useState<Recurring | null>(null);
  const toggle = useMutation({
    mutationFn: (r: Recurring) => updateRecurring(r.id, { estado: r.estado === 'activa' ? 'pausada' : 'activa' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recurringKeys.all(rfc) }),
  });
  const remove = useConfirmedMutation({
    mutationFn: (r: Recurring) => deleteRecurring(r.id),
    invalidate: recurringKeys.all(rfc),
    done: (res) => res.message,
    ask: (r) => ({ title: t('recurring.deleteTitle'), text: t('recurring.deleteText', { name: r.cliente }), confirm: t('recurring.delete'), cancel: t('recurring.cancel'), color: 'red' }),
  });
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('recurring.title')} />
      <Card withBorder>
        {rows.length === 0 && !list.isPending && <Text c="dimmed" data-testid="recurring-empty">{t('recurring.empty')}</Text>}
        {rows.length > 0 && (
          <Table striped data-testid="recurring-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recurring.client')}</Table.Th><Table.Th>{t('recurring.total')}</Table.Th><Table.Th>{t('recurring.frequency')}</Table.Th>
                <Table.Th>{t('recurring.next')}</Table.Th><Table.Th>{t('recurring.issued')}</Table.Th><Table.Th>{t('recurring.status')}</Table.Th><Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.cliente}</Table.Td>
                  <Table.Td>{formatMoney(r.total)}</Table.Td>
                  <Table.Td>{r.descripcion}{r.fin ? ` ${t('recurring.until', { date: r.fin })}` : ''}</Table.Td>
                  <Table.Td>{r.estado === 'terminada' ? '—' : r.proxima}</Table.Td>
                  <Table.Td>{r.veces ? `${r.emitidas} / ${r.veces}` : r.emitidas}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[r.estado]} variant="light">{t(`recurring.statuses.${r.estado}`)}</Badge>
                    {r.ultimoError && <Alert mt={4} p={4} color="red" variant="light"><Text size="xs">{r.ultimoError}</Text></Alert>}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {r.estado !== 'terminada' && (
                        <Tooltip label={r.estado === 'activa' ? t('recurring.pause') : t('recurring.resume')}>
                          <Button size="xs" variant="subtle" onClick={() => toggle.mutate(r)} aria-label={r.estado === 'activa' ? t('recurring.pause') : t('recurring.resume')}>
                            {r.estado === 'activa' ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                          </Button>
                        </Tooltip>
                      )}
                      <Tooltip label={t('recurring.edit')}>
                        <Button size="xs" variant="subtle" onClick={() => setEditing(r)} aria-label={t('recurring.edit')} data-testid="recurring-edit"><IconPencil size={16} /></Button>
                      </Tooltip>
                      <Button size="xs" variant="subtle" color="red" onClick={() => remove(r)} aria-label={t('recurring.delete')}><IconTrash size={16} /></Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      {editing && <EditRecurringDialog key={editing.id} row={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
