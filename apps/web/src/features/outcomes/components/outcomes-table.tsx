import { Badge, Menu, Switch, Text, Tooltip } from '@mantine/core';
import {
  IconBuildingBank,
  IconBan, IconCash, IconCheck, IconReceiptTax, IconCashOff, IconChartBar, IconChartBarOff, IconDownload, IconFileTypePdf, IconFileTypeXml, IconLink, IconMailForward, IconSend,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '@facturo/contract';
import { CfdiTable } from '../../incomes/public';

export type OutcomeAction = 'pdf' | 'xml' | 'downloadXml' | 'related' | 'paid' | 'unpaid' | 'notCount' | 'cancelled' | 'complement' | 'deductible' | 'satStatus'
  | 'ivaGravadas' | 'ivaExentas' | 'ivaAmbas' | 'email';

/** A received invoice not cancelled by its supplier: the one that is paid, unpaid or asked a complement for. */
const isOpenInvoice = (r: InvoiceRow) => r.tipoDeComprobante === 'I' && r.estado !== 'cancelada';

/**
 * The month's received CFDIs (spec §3 Expense: the supplier is rfc/client) with the per-row deductible switch
 * and the actions that apply to a received document (docs/outcomes.md: no SAT cancellation; e-mail forwards it).
 */
export function OutcomesTable({ rows, onAction }: { rows: InvoiceRow[]; onAction: (action: OutcomeAction, row: InvoiceRow) => void }) {
  const { t } = useTranslation();
  return (
    <CfdiTable rows={rows} testId="outcomes-table" rowTestId="outcome" minWidth={960} partyLabel={t('outcomes.cols.supplier')} estadoKeys="outcomes"
      amountNote={(r) => r.metodoPago && <Text size="xs" c="dimmed">{r.metodoPago}</Text>}
      extraColumn={{
        label: t('outcomes.cols.deducible'),
        cell: (r, name) => (
          <>
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
          </>
        ),
      }}
      paid={(r) => r.status === 2 && isOpenInvoice(r)}
      menu={(r) => {
        const invoice = isOpenInvoice(r);
        return (
          <>
            <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => onAction('pdf', r)}>{t('incomes.actions.pdf')}</Menu.Item>
            <Menu.Item leftSection={<IconFileTypeXml size={16} />} onClick={() => onAction('xml', r)}>{t('incomes.actions.xml')}</Menu.Item>
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onAction('downloadXml', r)}>{t('incomes.actions.downloadXml')}</Menu.Item>
            <Menu.Item leftSection={<IconSend size={16} />} onClick={() => onAction('email', r)}>{t('outcomes.actions.email')}</Menu.Item>
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
            {r.estado !== 'cancelada' && <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => onAction('cancelled', r)}>{t('outcomes.actions.cancelled')}</Menu.Item>}
          </>
        );
      }}
    />
  );
}
