import { ActionIcon, Badge, Menu, Switch, Table, Text, Tooltip } from '@mantine/core';
import {
  IconBuildingBank,
  IconBan, IconCash, IconCheck, IconReceiptTax, IconCashOff, IconChartBar, IconChartBarOff, IconDots, IconDownload, IconFileTypePdf, IconFileTypeXml, IconLink, IconMailForward,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { ListTable } from '../../../shared/ui/list-table';
import { rowName } from '../../incomes/public';
import { BlacklistBadge } from '../../sat-status/public';

export type OutcomeAction = 'pdf' | 'xml' | 'downloadXml' | 'related' | 'paid' | 'unpaid' | 'notCount' | 'cancelled' | 'complement' | 'deductible' | 'satStatus'
  | 'ivaGravadas' | 'ivaExentas' | 'ivaAmbas';

const ESTADO_COLOR: Record<InvoiceRow['estado'], string> = { vigente: 'teal', en_proceso: 'yellow', cancelada: 'red', rechazada: 'orange' };

/**
 * The month's received CFDIs (spec §3 Expense: the supplier is rfc/client) with the per-row deductible switch
 * and the actions that apply to a received document (docs/outcomes.md: no SAT cancellation, no e-mail).
 */
export function OutcomesTable({ rows, onAction }: { rows: InvoiceRow[]; onAction: (action: OutcomeAction, row: InvoiceRow) => void }) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={960} testId="outcomes-table" columns={[
      { label: t('incomes.cols.folio') }, { label: t('outcomes.cols.supplier') }, { label: t('incomes.cols.fEmi') }, { label: t('incomes.cols.fPago') },
      { label: t('incomes.cols.total'), align: 'right' }, { label: t('outcomes.cols.deducible') }, { label: t('incomes.cols.estado') }, { width: 48 },
    ]}>
      {rows.map((r) => {
        const name = rowName(r);
        const cancelled = r.estado === 'cancelada';
        const invoice = r.tipoDeComprobante === 'I' && !cancelled;
        return (
          <Table.Tr key={r.uuid} data-testid={`outcome-${r.uuid}`}>
            <Table.Td>
              <Text size="sm" fw={600}>{name}</Text>
              <Text size="xs" c="dimmed" ff="monospace">{r.uuid}</Text>
            </Table.Td>
            <Table.Td><Text size="sm">{r.rfc} - {r.client}<BlacklistBadge show={r.blacklisted} /></Text></Table.Td>
            <Table.Td>{formatDay(r.f_emi.slice(0, 10))}</Table.Td>
            <Table.Td>{r.f_pago ? formatDay(r.f_pago.slice(0, 10)) : '—'}</Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{formatMoney(r.total)} {r.moneda}</Text>
              {r.metodoPago && <Text size="xs" c="dimmed">{r.metodoPago}</Text>}
              {r.status === 1 && r.saldo !== '0.00' && <Text size="xs" c="orange">{t('incomes.saldo', { saldo: formatMoney(r.saldo) })}</Text>}
            </Table.Td>
            <Table.Td>
              <Tooltip label={r.deducibleMotivo ?? t('outcomes.deductible.undecided')} multiline w={260} withinPortal>
                <Switch size="sm" checked={r.deducible === true} onChange={() => onAction('deductible', r)} data-testid={`deducible-${r.uuid}`}
                  label={r.deducible ? t('outcomes.deductible.yes') : t('outcomes.deductible.no')}
                  aria-label={t('outcomes.deductible.toggle', { name })} />
              </Tooltip>
              {r.ivaUso && (
                <Badge mt={4} size="xs" variant="light" color={r.ivaUso === 'gravadas' ? 'teal' : 'gray'} data-testid={`iva-uso-${r.uuid}`}>
                  {t(r.ivaUso === 'gravadas' ? 'outcomes.ivaUso.badgeGravadas' : 'outcomes.ivaUso.badgeExentas')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={ESTADO_COLOR[r.estado]} variant="light">{t(`outcomes.estado.${r.estado}`)}</Badge>
              {r.tipoDeComprobante !== 'I' && <Badge ml={4} variant="outline">{r.tipoDeComprobante}</Badge>}
              {r.notCount && <Badge ml={4} color="gray" variant="outline">{t('incomes.notCounted')}</Badge>}
              {r.status === 2 && invoice && <Badge ml={4} color="teal" variant="outline">{t('incomes.paid')}</Badge>}
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
                  <Menu.Item leftSection={<IconLink size={16} />} onClick={() => onAction('related', r)}>{t('incomes.actions.related')}</Menu.Item>
                  <Menu.Item leftSection={<IconBuildingBank size={16} />} onClick={() => onAction('satStatus', r)}>{t('satStatus.menu')}</Menu.Item>
                  {invoice && r.status === 1 && <Menu.Item leftSection={<IconCash size={16} />} onClick={() => onAction('paid', r)}>{t('outcomes.actions.paid')}</Menu.Item>}
                  {invoice && r.status === 2 && <Menu.Item leftSection={<IconCashOff size={16} />} onClick={() => onAction('unpaid', r)}>{t('outcomes.actions.unpaid')}</Menu.Item>}
                  {invoice && r.metodoPago === 'PPD' && r.status === 1 && (
                    <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => onAction('complement', r)}>{t('outcomes.actions.complement')}</Menu.Item>
                  )}
                  {invoice && r.deducible === true && (
                    <>
                      <Menu.Label>{t('outcomes.ivaUso.label')}</Menu.Label>
                      {([['ivaGravadas', 'gravadas'], ['ivaExentas', 'exentas'], ['ivaAmbas', null]] as const).map(([action, uso]) => (
                        <Menu.Item key={action} leftSection={<IconReceiptTax size={16} />} onClick={() => onAction(action, r)} data-testid={`${action}-${r.uuid}`}
                          rightSection={(r.ivaUso ?? null) === uso ? <IconCheck size={14} /> : undefined}>
                          {t(`outcomes.ivaUso.${uso ?? 'ambas'}`)}
                        </Menu.Item>
                      ))}
                      <Menu.Divider />
                    </>
                  )}
                  <Menu.Item leftSection={r.notCount ? <IconChartBar size={16} /> : <IconChartBarOff size={16} />} onClick={() => onAction('notCount', r)}>
                    {r.notCount ? t('incomes.actions.count') : t('incomes.actions.notCount')}
                  </Menu.Item>
                  {!cancelled && <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => onAction('cancelled', r)}>{t('outcomes.actions.cancelled')}</Menu.Item>}
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
