import { ActionIcon, Drawer, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { downloadXml, viewPdf } from '../../invoicing/public';
import { invoicePaymentsQuery } from '../api/payment-reception-api';
import { invoiceName } from './mothers-table';
import '../texts';

/** The payment complements of one invoice: parcialidad, date, saldo anterior, pagado and insoluto (Pagos 2.0 DoctoRelacionado). */
export function PaymentsDrawer({ rfc, invoice, onClose }: { rfc: string; invoice: InvoiceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const payments = useQuery({ ...invoicePaymentsQuery(rfc, invoice?.uuid ?? ''), enabled: Boolean(invoice) });
  const rows = payments.data?.data ?? [];
  const cancelled = rows.filter((p) => p.estado === 'cancelada').length;
  return (
    <Drawer opened={Boolean(invoice)} onClose={onClose} position="right" size="xl" title={invoice ? t('paymentReception.paymentsOf', { name: invoiceName(invoice) }) : ''}>
      {payments.isPending ? <Loader size="sm" /> : rows.length === 0 ? <Text c="dimmed">{t('paymentReception.noPayments')}</Text> : (
        <Stack gap="sm">
          <Table striped verticalSpacing="xs" data-testid="invoice-payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('paymentReception.cols.parcialidad')}</Table.Th>
                <Table.Th>{t('paymentReception.cols.fPago')}</Table.Th>
                <Table.Th ta="right">{t('paymentReception.cols.saldoAnt')}</Table.Th>
                <Table.Th ta="right">{t('paymentReception.cols.pagado')}</Table.Th>
                <Table.Th ta="right">{t('paymentReception.cols.insoluto')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.uuid} data-testid={`payment-${p.uuid}`}>
                  <Table.Td>{p.num_parcialidad ?? '—'}</Table.Td>
                  <Table.Td>{formatDay((p.f_pago ?? p.f_emi).slice(0, 10))}</Table.Td>
                  <Table.Td ta="right">{p.imp_saldo_ant ? formatMoney(p.imp_saldo_ant) : '—'}</Table.Td>
                  <Table.Td ta="right">{p.imp_pagado ? formatMoney(p.imp_pagado) : '—'}</Table.Td>
                  <Table.Td ta="right">{p.imp_saldo_insoluto ? formatMoney(p.imp_saldo_insoluto) : '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label={t('creditNotes.pdf')}>
                        <ActionIcon variant="subtle" aria-label={t('creditNotes.pdfOf', { name: invoiceName(p) })} onClick={() => void viewPdf(p.uuid)}><IconFileTypePdf size={18} /></ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('creditNotes.xml')}>
                        <ActionIcon variant="subtle" aria-label={t('creditNotes.xmlOf', { name: invoiceName(p) })} onClick={() => void downloadXml(p.uuid, invoiceName(p))}><IconDownload size={18} /></ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {cancelled > 0 && <Text size="xs" c="dimmed">{t('paymentReception.cancelledPayments', { count: cancelled })}</Text>}
        </Stack>
      )}
    </Drawer>
  );
}
