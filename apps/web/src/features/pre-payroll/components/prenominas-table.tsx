import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { z } from 'zod';
import type { prenominaListItemSchema } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { ListTable } from '../../../shared/ui/list-table';
import '../texts';

export type PrenominaItem = z.infer<typeof prenominaListItemSchema>;

/** The pre-payrolls (or, on /payroll, the stamped runs): period, payment day, people, stamped, net to pay. */
export function PrenominasTable({ rows, onOpen, onDelete }: { rows: PrenominaItem[]; onOpen: (p: PrenominaItem) => void; onDelete?: (p: PrenominaItem) => void }) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={760} testId="prenominas-table" columns={[
      { label: t('prePayroll.cols.periodo') }, { label: t('prePayroll.cols.fechaPago') }, { label: t('prePayroll.cols.tipo') },
      { label: t('prePayroll.cols.empleados'), align: 'right' }, { label: t('prePayroll.cols.neto'), align: 'right' }, { label: t('prePayroll.cols.estado') }, { width: 80 },
    ]}>
      {rows.map((p) => {
        const label = `${formatDay(p.fecha_inicial_pago)} – ${formatDay(p.fecha_final_pago)}`;
        return (
          <Table.Tr key={p.id} data-testid={`prenomina-${p.id}`}>
            <Table.Td><Text size="sm" fw={600}>{label}</Text><Text size="xs" c="dimmed">{t(`prePayroll.periodos.${p.periodicidad}`, { defaultValue: p.periodicidad })}</Text></Table.Td>
            <Table.Td>{formatDay(p.fecha_pago)}</Table.Td>
            <Table.Td>{t(`prePayroll.tipo.${p.tipo_nomina}`)}</Table.Td>
            <Table.Td ta="right">{p.empleados}</Table.Td>
            <Table.Td ta="right">{formatMoney(p.total_neto)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={p.timbrados === 0 ? 'gray' : p.errores ? 'orange' : 'teal'}>
                {t('prePayroll.stampedOf', { stamped: p.timbrados, total: p.empleados })}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                <Tooltip label={t('prePayroll.open')}>
                  <ActionIcon variant="subtle" aria-label={t('prePayroll.openOf', { name: label })} onClick={() => onOpen(p)}><IconEye size={18} /></ActionIcon>
                </Tooltip>
                {onDelete && p.timbrados === 0 && (
                  <Tooltip label={t('prePayroll.delete')}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('prePayroll.deleteOf', { name: label })} onClick={() => onDelete(p)}><IconTrash size={18} /></ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
