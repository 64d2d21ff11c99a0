import { Menu } from '@mantine/core';
import { IconBan, IconBuildingBank, IconFileMinus, IconCash, IconChartBarOff, IconChartBar, IconDownload, IconFileTypePdf, IconFileTypeXml, IconLink, IconMail, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { roleAllows, type InvoiceRow } from '@facturo/contract';
import { useMyRole } from '../../workspace/public';
import { RepDeadlineBadge } from '../../bank/public';
import { CfdiTable } from './cfdi-table';

export { rowName } from './cfdi-table';

export type RowAction = 'pdf' | 'xml' | 'downloadXml' | 'email' | 'cancel' | 'enablePayment' | 'notCount' | 'related' | 'creditNote' | 'satStatus' | 'acuse';

/** A cancellation asked for (en proceso) counts as cancelled: no payment, no credit note, no second request. */
const isCancelled = (r: InvoiceRow) => r.estado === 'cancelada' || r.estado === 'en_proceso';

/** The incomes of the month: §3 Invoice fields and the row actions of issue 9 items 4, 6, 7. */
export function IncomesTable({ rows, onAction }: { rows: InvoiceRow[]; onAction: (action: RowAction, row: InvoiceRow) => void }) {
  // Issue 26 §2: a capturista or read-only member is not offered the cancellation (the server refuses it too).
  const mayCancel = roleAllows(useMyRole(), 'contador');
  const { t } = useTranslation();
  return (
    <CfdiTable rows={rows} testId="incomes-table" rowTestId="income" minWidth={880} partyLabel={t('incomes.cols.client')} estadoKeys="incomes"
      paid={(r) => r.status === 2 && !isCancelled(r)}
      amountNote={(r) => r.metodoPago === 'PPD' && <RepDeadlineBadge uuid={r.uuid} />}
      menu={(r) => {
        const cancelled = isCancelled(r);
        return (
          <>
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
            {!cancelled && mayCancel && <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => onAction('cancel', r)}>{t('incomes.actions.cancel')}</Menu.Item>}
          </>
        );
      }}
    />
  );
}
