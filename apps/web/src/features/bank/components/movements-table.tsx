import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Movement } from '@facturo/contract';
import { confidenceColor, confidenceText } from '../model/confidence';
import '../texts';

export interface MovementActions {
  onAccept: (m: Movement) => void;
  onChange: (m: Movement) => void;
  onSplit: (m: Movement) => void;
  onNoCfdi: (m: Movement) => void;
  onIgnore: (m: Movement) => void;
  onUndo: (m: Movement) => void;
  onRequestInvoice: (m: Movement) => void;
  onInvoiceDeposit: (m: Movement) => void;
}

const cfdiLabel = (a: Movement['propuesta'][number]) => `${a.serie ?? ''}${a.folio ?? ''}` || a.uuid.slice(0, 8);

/** Each movement with its proposal and confidence, or what was accepted, and the actions its state allows. */
export function MovementsTable({ rows, busy, actions }: { rows: Movement[]; busy: boolean; actions: MovementActions }) {
  const { t } = useTranslation();
  return (
    <Table striped highlightOnHover data-testid="bank-movements">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bank.date')}</Table.Th><Table.Th>{t('bank.description')}</Table.Th><Table.Th ta="right">{t('bank.deposit')}</Table.Th>
          <Table.Th ta="right">{t('bank.withdrawal')}</Table.Th><Table.Th>{t('bank.match')}</Table.Th><Table.Th>{t('bank.state')}</Table.Th><Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((m) => {
          const shown = m.estado === 'conciliado' ? m.conciliacion : m.propuesta;
          return (
            <Table.Tr key={m.id} data-testid="bank-movement" data-estado={m.estado}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.fecha}</Table.Td>
              <Table.Td><Text size="sm">{m.descripcion}</Text>{m.referencia && <Text size="xs" c="dimmed">{m.referencia}</Text>}</Table.Td>
              <Table.Td ta="right">{m.deposito}</Table.Td>
              <Table.Td ta="right">{m.retiro}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {shown.map((a) => (
                    <Group key={a.uuid} gap={6} wrap="nowrap">
                      <Text size="sm">{cfdiLabel(a)}</Text>
                      <Text size="xs" c="dimmed">{a.nombre ?? a.rfc} · {a.importe}{a.metodoPago ? ` · ${a.metodoPago}` : ''}</Text>
                      {m.estado === 'pendiente' && <Badge size="xs" miw={44} style={{ flexShrink: 0, overflow: 'visible' }} color={confidenceColor(a.confianza)} data-testid="bank-confidence">{confidenceText(a.confianza)}</Badge>}
                    </Group>
                  ))}
                  {!shown.length && m.estado === 'pendiente' && <Text size="xs" c="dimmed">{t('bank.noProposal')}</Text>}
                  {m.complemento && <Text size="xs" c="teal">{t('bank.repStamped', { uuid: m.complemento.slice(0, 8) })}</Text>}
                  {m.complementoPendiente && <Text size="xs" c="orange" data-testid="bank-rep-deadline">{t('bank.repPending', { fecha: m.fechaLimiteRep })}</Text>}
                </Stack>
              </Table.Td>
              <Table.Td miw={120} style={{ whiteSpace: 'nowrap' }}><Badge variant="light" miw={110} style={{ overflow: 'visible', flexShrink: 0 }} color={m.estado === 'conciliado' ? 'teal' : m.estado === 'pendiente' ? 'blue' : 'gray'}>{t(`bank.states.${m.estado}`)}</Badge></Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {m.estado === 'pendiente' && m.propuesta.length > 0 && <Button size="compact-xs" disabled={busy} onClick={() => actions.onAccept(m)} data-testid="bank-accept">{t('bank.accept')}</Button>}
                  {(m.estado === 'pendiente' || m.estado === 'conciliado') && !m.complemento && <Button size="compact-xs" variant="default" disabled={busy} onClick={() => actions.onChange(m)}>{t('bank.change')}</Button>}
                  {m.estado === 'pendiente' && <Button size="compact-xs" variant="default" disabled={busy} onClick={() => actions.onSplit(m)}>{t('bank.split')}</Button>}
                  {m.estado === 'pendiente' && <Button size="compact-xs" variant="subtle" disabled={busy} onClick={() => actions.onNoCfdi(m)}>{t('bank.noCfdi')}</Button>}
                  {m.estado === 'pendiente' && <Button size="compact-xs" variant="subtle" color="gray" title={t('bank.ignoreHint')} disabled={busy} onClick={() => actions.onIgnore(m)} data-testid="bank-ignore">{t('bank.ignore')}</Button>}
                  {m.deposito && m.estado === 'pendiente' && <Button size="compact-xs" variant="subtle" disabled={busy} onClick={() => actions.onInvoiceDeposit(m)} data-testid="bank-invoice-deposit">{t('bank.invoiceDeposit')}</Button>}
                  {m.retiro && (m.estado === 'pendiente' || m.estado === 'sin_cfdi') && <Button size="compact-xs" variant="subtle" disabled={busy} onClick={() => actions.onRequestInvoice(m)}>{t('bank.requestInvoice')}</Button>}
                  {m.estado !== 'pendiente' && !m.complemento && <Button size="compact-xs" variant="subtle" disabled={busy} onClick={() => actions.onUndo(m)}>{t('bank.undo')}</Button>}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
