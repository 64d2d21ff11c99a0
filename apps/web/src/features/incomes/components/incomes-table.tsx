import { ActionIcon, Badge, Menu, Table, Text } from '@mantine/core';
import { IconBan, IconBuildingBank, IconFileMinus, IconCash, IconChartBarOff, IconChartBar, IconDots, IconDownload, IconFileTypePdf, IconFileTypeXml, IconLink, IconMail, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { ListTable } from '../../../shared/ui/list-table';
import { BlacklistBadge } from '../../sat-status/public';

export type RowAction = 'pdf' | 'xml' | 'downloadXml' | 'email' | 'cancel' | 'enablePayment' | 'notCount' | 'related' | 'creditNote' | 'satStatus' | 'acuse';

const ESTADO_COLOR: Record<InvoiceRow['estado'], string> = { vigente: 'teal', en_proceso: 'yellow', cancelada: 'red', rechazada: 'orange' };

/** The estado's label; a cancellation nobody answered in 72 h says so ("Cancelada sin respuesta (plazo vencido)"). */
export const estadoKey = (r: InvoiceRow) => (r.estado === 'cancelada' && r.estatusCancelacion === 'Plazo vencido' ? 'incomes.estado.plazoVencido' : `incomes.estado.${r.estado}`);

/** "A-12" or the UUID's first block when the invoice has no serie/folio. */
export const rowName = (r: InvoiceRow) => [r.serie, r.folio].filter(Boolean).join('-') || r.uuid.slice(0, 8);

/** The incomes of the month: §3 Invoice fields and the row actions of issue 9 items 4, 6, 7. */
export function IncomesTable({ rows, onAction }: { rows: InvoiceRow[]; onAction: (action: RowAction, row: InvoiceRow) => void }) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={880} testId="incomes-table" columns={[
      { label: t('incomes.cols.folio') }, { label: t('incomes.cols.client') }, { label: t('incomes.cols.fEmi') }, { label: t('incomes.cols.fPago') },
      { label: t('incomes.cols.total'), align: 'right' }, { label: t('incomes.cols.estado') }, { width: 48 },
    ]}>
      {rows.map((r) => {
        const name = rowName(r);
        const cancelled = r.estado === 'cancelada' || r.estado === 'en_proceso';
        return (
          <Table.Tr key={r.uuid} data-testid={`income-${r.uuid}`}>
            <Table.Td>
              <Text size="sm" fw={600}>{name}</Text>
              <Text size="xs" c="dimmed" ff="monospace">{r.uuid}</Text>
            </Table.Td>
            <Table.Td><Text size="sm">{r.rfc} - {r.client}<BlacklistBadge show={r.blacklisted} /></Text></Table.Td>
            <Table.Td>{formatDay(r.f_emi.slice(0, 10))}</Table.Td>
            <Table.Td>{r.f_pago ? formatDay(r.f_pago.slice(0, 10)) : '—'}</Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{formatMoney(r.total)} {r.moneda}</Text>
              {r.status === 1 && r.saldo !== '0' && r.saldo !== '0.00' && <Text size="xs" c="orange">{t('incomes.saldo', { saldo: formatMoney(r.saldo) })}</Text>}
            </Table.Td>
            <Table.Td>
              <Badge color={ESTADO_COLOR[r.estado]} variant="light">{t(estadoKey(r))}</Badge>
              {r.tipoDeComprobante !== 'I' && <Badge ml={4} variant="outline">{r.tipoDeComprobante}</Badge>}
              {r.notCount && <Badge ml={4} color="gray" variant="outline">{t('incomes.notCounted')}</Badge>}
              {r.status === 2 && !cancelled && <Badge ml={4} color="teal" variant="outline">{t('incomes.paid')}</Badge>}
            </Table.Td>
            <Table.Td>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={t('incomes.actionsFor', { name })}><IconDots size={18} /></ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => onAction('pdf', r)}>{t('incomes.actions.pdf')}</Menu.Item>
                  <Menu.Item leftSection={<IconFileTypeXml size={16} />} onClick={() => onAction('xml', r)}>{t('incomes.actions.xml')}</Menu.Item>
                  <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onAction('downloadXml', r)}>{t('incomes.actions.downloadXml')}</Menu.Item>
                  <Menu.Item leftSection={<IconMail size={16} />} onClick={() => onAction('email', r)}>{t('incomes.actions.email')}</Menu.Item>
                  <Menu.Item leftSection={<IconLink size={16} />} onClick={() => onAction('related', r)}>{t('incomes.actions.related')}</Menu.Item>
                  <Menu.Item leftSection={<IconBuildingBank size={16} />} onClick={() => onAction('satStatus', r)}>{t('satStatus.menu')}</Menu.Item>
                  {!cancelled && r.status === 1 && <Menu.Item leftSection={<IconCash size={16} />} onClick={() => onAction('enablePayment', r)}>{t('incomes.actions.enablePayment')}</Menu.Item>}
                  <Menu.Item leftSection={r.notCount ? <IconChartBar size={16} /> : <IconChartBarOff size={16} />} onClick={() => onAction('notCount', r)}>
                    {r.notCount ? t('incomes.actions.count') : t('incomes.actions.notCount')}
                  </Menu.Item>
                  {!cancelled && r.tipoDeComprobante === 'I' && (
                    <Menu.Item leftSection={<IconFileMinus size={16} />} onClick={() => onAction('creditNote', r)}>{t('incomes.actions.creditNote')}</Menu.Item>
                  )}
                  {r.estado !== 'vigente' && <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => onAction('acuse', r)}>{t('incomes.actions.acuse')}</Menu.Item>}
                  {!cancelled && <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => onAction('cancel', r)}>{t('incomes.actions.cancel')}</Menu.Item>}
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
