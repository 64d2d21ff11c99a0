import { ActionIcon, Badge, Button, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCash, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { ListTable } from '../../../shared/ui/list-table';
import '../texts';

export const invoiceName = (r: Pick<InvoiceRow, 'serie' | 'folio' | 'uuid'>) => [r.serie, r.folio].filter(Boolean).join('-') || r.uuid.slice(0, 8);

/** PPD invoices: who owes, the total and what is still open, with "Registrar pago" and the payments already applied. */
export function MothersTable({ rows, pending, selected, onToggle, onPay, onPayments }: {
  rows: InvoiceRow[];
  /** The pending set can be paid and selected for one payment over several invoices. */
  pending: boolean;
  selected: Set<string>;
  onToggle: (row: InvoiceRow) => void;
  onPay: (row: InvoiceRow) => void;
  onPayments: (row: InvoiceRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={900} testId="mothers-table" columns={[
      ...(pending ? [{ width: 40 }] : []),
      { label: t('paymentReception.cols.folio') }, { label: t('paymentReception.cols.customer') }, { label: t('paymentReception.cols.fEmi') },
      { label: t('paymentReception.cols.total'), align: 'right' as const }, { label: t('paymentReception.cols.saldo'), align: 'right' as const },
      { width: 190 },
    ]}>
      {rows.map((r) => {
        const name = invoiceName(r);
        return (
          <Table.Tr key={r.uuid} data-testid={`mother-${r.uuid}`}>
            {pending && (
              <Table.Td>
                <Checkbox aria-label={t('paymentReception.select', { name })} checked={selected.has(r.uuid)} onChange={() => onToggle(r)} />
              </Table.Td>
            )}
            <Table.Td>
              <Text size="sm" fw={600}>{name}</Text>
              <Text size="xs" c="dimmed" ff="monospace">{r.uuid}</Text>
            </Table.Td>
            <Table.Td><Text size="sm">{r.client}</Text><Text size="xs" c="dimmed">{r.rfc}</Text></Table.Td>
            <Table.Td>{formatDay(r.f_emi.slice(0, 10))}</Table.Td>
            <Table.Td ta="right"><Text size="sm">{formatMoney(r.total)} {r.moneda}</Text></Table.Td>
            <Table.Td ta="right">
              {pending ? <Text size="sm" fw={600} data-testid={`saldo-${r.uuid}`}>{formatMoney(r.saldo)}</Text> : <Badge color="teal" variant="light">{t('paymentReception.paid')}</Badge>}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <Tooltip label={t('paymentReception.paymentsOf', { name })}>
                  <ActionIcon variant="subtle" aria-label={t('paymentReception.paymentsOf', { name })} onClick={() => onPayments(r)} disabled={!r.hasRelated}>
                    <IconListDetails size={18} />
                  </ActionIcon>
                </Tooltip>
                {pending && (
                  <Button size="xs" variant="light" leftSection={<IconCash size={14} />} aria-label={t('paymentReception.payOf', { name })} onClick={() => onPay(r)}>
                    {t('paymentReception.pay')}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
