import type { ReactNode } from 'react';
import { ActionIcon, Badge, Menu, Table, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { ListTable } from '../../../shared/ui/list-table';
import { usePhone } from '../../../shared/ui/use-phone';
import { BlacklistBadge } from '../../sat-status/public';

const ESTADO_COLOR: Record<InvoiceRow['estado'], string> = { vigente: 'teal', en_proceso: 'yellow', cancelada: 'red', rechazada: 'orange' };

/** The estado's label; a cancellation nobody answered in 72 h says so ("Cancelada sin respuesta (plazo vencido)"). */
export const estadoKey = (r: InvoiceRow, keys: 'incomes' | 'outcomes') =>
  r.estado === 'cancelada' && r.estatusCancelacion === 'Plazo vencido' ? 'incomes.estado.plazoVencido' : `${keys}.estado.${r.estado}`;

/** "A-12" or the UUID's first block when the invoice has no serie/folio. */
export const rowName = (r: InvoiceRow) => [r.serie, r.folio].filter(Boolean).join('-') || r.uuid.slice(0, 8);

export interface CfdiTableProps {
  rows: InvoiceRow[];
  /** The table's and each row's data-testid (`${rowTestId}-${uuid}`). */
  testId: string;
  rowTestId: string;
  minWidth: number;
  /** Header of the counterpart's column (the customer of an income, the supplier of an outcome). */
  partyLabel: string;
  /** Where the estado texts live (`${estadoKeys}.estado.vigente`, …). */
  estadoKeys: 'incomes' | 'outcomes';
  /** A column of its own before the estado (outcomes: the deductible switch). */
  extraColumn?: { label: string; cell: (row: InvoiceRow, name: string) => ReactNode };
  /** A line under the total before the saldo (outcomes: the método de pago). */
  amountNote?: (row: InvoiceRow) => ReactNode;
  /** Whether the row shows the "Pagada" badge. */
  paid: (row: InvoiceRow) => boolean;
  /** The row's menu items. */
  menu: (row: InvoiceRow) => ReactNode;
}

/**
 * The month's CFDIs (spec §3 Invoice / Expense) as incomes and outcomes both list them: folio and UUID, the
 * counterpart with its 69-B badge, dates, total and saldo, estado badges and the row's menu. Each list brings
 * its own column, badges rule and menu.
 */
export function CfdiTable(props: CfdiTableProps) {
  const phone = usePhone();
  return phone ? <CfdiPhoneTable {...props} /> : <CfdiWideTable {...props} />;
}

function RowMenu({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('incomes.actionsFor', { name })}><IconDots size={18} /></ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/**
 * Phone rows (issue 25 §9): folio and counterpart, total and estado, the row's menu — nothing to scroll
 * sideways for. The dates, the saldo and the extra column go under the folio in small print.
 */
function CfdiPhoneTable({ rows, testId, rowTestId, estadoKeys, extraColumn, amountNote, paid, menu }: CfdiTableProps) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing={6} horizontalSpacing={4} striped data-testid={testId} style={{ tableLayout: 'fixed' }}>
      <Table.Tbody>
        {rows.map((r) => {
          const name = rowName(r);
          return (
            <Table.Tr key={r.uuid} data-testid={`${rowTestId}-${r.uuid}`}>
              <Table.Td style={{ overflow: 'hidden' }}>
                <Text size="sm" fw={600} truncate>{name}</Text>
                <Text size="xs" truncate data-testid="row-party">{r.client || r.rfc}<BlacklistBadge show={r.blacklisted} /></Text>
                <Text size="xs" c="dimmed">{formatDay(r.f_emi.slice(0, 10))}</Text>
                {extraColumn && <div>{extraColumn.cell(r, name)}</div>}
              </Table.Td>
              <Table.Td ta="right" w={132}>
                <Text size="sm" fw={600} data-testid="row-total">{formatMoney(r.total)}</Text>
                {amountNote?.(r)}
                {r.status === 1 && r.saldo !== '0' && r.saldo !== '0.00' && <Text size="xs" c="orange">{t('incomes.saldo', { saldo: formatMoney(r.saldo) })}</Text>}
                <Badge size="sm" color={ESTADO_COLOR[r.estado]} variant="light" data-testid="row-estado">{t(estadoKey(r, estadoKeys))}</Badge>
                {paid(r) && <Badge size="xs" ml={2} color="teal" variant="outline">{t('incomes.paid')}</Badge>}
                {r.prueba && <Badge size="xs" ml={2} color="grape" variant="outline" data-testid="row-prueba">{t('incomes.test')}</Badge>}
              </Table.Td>
              <Table.Td w={36}><RowMenu name={name}>{menu(r)}</RowMenu></Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function CfdiWideTable({ rows, testId, rowTestId, minWidth, partyLabel, estadoKeys, extraColumn, amountNote, paid, menu }: CfdiTableProps) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={minWidth} testId={testId} columns={[
      { label: t('incomes.cols.folio') }, { label: partyLabel }, { label: t('incomes.cols.fEmi') }, { label: t('incomes.cols.fPago') },
      { label: t('incomes.cols.total'), align: 'right' }, ...(extraColumn ? [{ label: extraColumn.label }] : []), { label: t('incomes.cols.estado') }, { width: 48 },
    ]}>
      {rows.map((r) => {
        const name = rowName(r);
        return (
          <Table.Tr key={r.uuid} data-testid={`${rowTestId}-${r.uuid}`}>
            <Table.Td>
              <Text size="sm" fw={600}>{name}</Text>
              <Text size="xs" c="dimmed" ff="monospace">{r.uuid}</Text>
            </Table.Td>
            <Table.Td><Text size="sm">{r.rfc} - {r.client}<BlacklistBadge show={r.blacklisted} /></Text></Table.Td>
            <Table.Td>{formatDay(r.f_emi.slice(0, 10))}</Table.Td>
            <Table.Td>{r.f_pago ? formatDay(r.f_pago.slice(0, 10)) : '—'}</Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{formatMoney(r.total)} {r.moneda}</Text>
              {amountNote?.(r)}
              {r.status === 1 && r.saldo !== '0' && r.saldo !== '0.00' && <Text size="xs" c="orange">{t('incomes.saldo', { saldo: formatMoney(r.saldo) })}</Text>}
            </Table.Td>
            {extraColumn && <Table.Td>{extraColumn.cell(r, name)}</Table.Td>}
            <Table.Td>
              <Badge color={ESTADO_COLOR[r.estado]} variant="light">{t(estadoKey(r, estadoKeys))}</Badge>
              {r.tipoDeComprobante !== 'I' && <Badge ml={4} variant="outline">{r.tipoDeComprobante}</Badge>}
              {r.prueba && <Badge ml={4} color="grape" variant="outline" data-testid="row-prueba">{t('incomes.test')}</Badge>}
              {r.notCount && !r.prueba && <Badge ml={4} color="gray" variant="outline">{t('incomes.notCounted')}</Badge>}
              {paid(r) && <Badge ml={4} color="teal" variant="outline">{t('incomes.paid')}</Badge>}
            </Table.Td>
            <Table.Td>
              <RowMenu name={name}>{menu(r)}</RowMenu>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
