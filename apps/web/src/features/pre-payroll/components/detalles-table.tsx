import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconBan, IconDownload, IconEye, IconEyeOff, IconFileTypePdf, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Decimal, formatMoney } from '@facturo/cfdi/money';
import { PAYROLL_DETAIL_STATUS, type PrenominaDetalle } from '@facturo/contract';
import { ListTable } from '../../../shared/ui/list-table';
import '../texts';

const COLOR: Record<number, string> = { 0: 'gray', 1: 'teal', 2: 'dark', 3: 'red' };
export type DetailAction = 'edit' | 'toggle' | 'pdf' | 'xml' | 'cancel';

/**
 * The employer's cost beside the worker's quota (decision 323): IMSS patronal as the employee calculation shows it
 * (IMSS plus retiro, cesantía y vejez), INFONAVIT below it. Not part of the neto. An old receipt not computed: «—».
 */
function Patronal({ d }: { d: PrenominaDetalle }) {
  const { t } = useTranslation();
  if (d.imss_patronal === null || d.rcv_patronal === null) return <Text size="sm" c="dimmed">—</Text>;
  const infonavit = d.infonavit_patronal ?? '0';
  return (
    <>
      <Text size="sm">{formatMoney(new Decimal(d.imss_patronal).plus(d.rcv_patronal).toFixed(2))}</Text>
      {new Decimal(infonavit).gt(0) && <Text size="xs" c="dimmed">{t('prePayroll.infonavitPatronal', { amount: formatMoney(infonavit) })}</Text>}
    </>
  );
}

/** One row per employee: amounts, the §4 status text, the error of a failed stamp, and what can be done. */
export function DetallesTable({ rows, onAction }: { rows: PrenominaDetalle[]; onAction: (a: DetailAction, d: PrenominaDetalle) => void }) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={1120} testId="detalles-table" columns={[
      { label: t('prePayroll.cols.empleado') }, { label: t('prePayroll.cols.percepciones'), align: 'right' }, { label: t('prePayroll.cols.isr'), align: 'right' },
      { label: t('prePayroll.cols.imss'), align: 'right' }, { label: t('prePayroll.cols.neto'), align: 'right' },
      { label: t('prePayroll.cols.imssPatronal'), align: 'right' }, { label: t('prePayroll.cols.estado') }, { width: 140 },
    ]}>
      {rows.map((d) => {
        const stamped = d.status === PAYROLL_DETAIL_STATUS.stamped;
        const name = d.empleado.nombre;
        return (
          <Table.Tr key={d.id} data-testid={`detalle-${d.empleado.no_empleado}`} style={d.status === 2 ? { opacity: 0.6 } : undefined}>
            <Table.Td>
              <Text size="sm" fw={600}>{d.empleado.no_empleado} · {name}</Text>
              <Text size="xs" c="dimmed">{d.empleado.rfc}</Text>
            </Table.Td>
            <Table.Td ta="right">{formatMoney(d.total_percepciones)}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.isr)}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.imss)}</Table.Td>
            <Table.Td ta="right"><Text size="sm" fw={600}>{formatMoney(d.neto)}</Text></Table.Td>
            <Table.Td ta="right" data-testid="detalle-imss-patronal"><Patronal d={d} /></Table.Td>
            <Table.Td>
              <Badge color={COLOR[d.status] ?? 'gray'} variant="light" data-testid="detalle-status">{d.status_text}</Badge>
              {d.error && <Text size="xs" c="red" maw={280}>{d.error}</Text>}
              {d.uuid && <Text size="xs" c="dimmed" ff="monospace">{d.uuid}</Text>}
              {d.uuid_cancelado && <Text size="xs" c="dimmed">{t('prePayroll.run.replaces', { uuid: d.uuid_cancelado })}</Text>}
              {d.emailed_at && <Text size="xs" c="teal">{t('prePayroll.run.emailed')}</Text>}
            </Table.Td>
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                {stamped ? (
                  <>
                    <Tooltip label={t('prePayroll.pdf')}><ActionIcon variant="subtle" aria-label={t('prePayroll.pdfOf', { name })} onClick={() => onAction('pdf', d)}><IconFileTypePdf size={18} /></ActionIcon></Tooltip>
                    <Tooltip label={t('prePayroll.xml')}><ActionIcon variant="subtle" aria-label={t('prePayroll.xmlOf', { name })} onClick={() => onAction('xml', d)}><IconDownload size={18} /></ActionIcon></Tooltip>
                    <Tooltip label={t('prePayroll.run.cancel')}><ActionIcon variant="subtle" color="red" aria-label={t('prePayroll.run.cancelOf', { name })} onClick={() => onAction('cancel', d)}><IconBan size={18} /></ActionIcon></Tooltip>
                  </>
                ) : (
                  <>
                    {d.status !== PAYROLL_DETAIL_STATUS.disabled && (
                      <Tooltip label={t('prePayroll.edit.action')}><ActionIcon variant="subtle" aria-label={t('prePayroll.edit.actionOf', { name })} onClick={() => onAction('edit', d)}><IconPencil size={18} /></ActionIcon></Tooltip>
                    )}
                    <Tooltip label={d.status === PAYROLL_DETAIL_STATUS.disabled ? t('prePayroll.enable') : t('prePayroll.disable')}>
                      <ActionIcon variant="subtle" color={d.status === PAYROLL_DETAIL_STATUS.disabled ? 'teal' : 'orange'}
                        aria-label={t(d.status === PAYROLL_DETAIL_STATUS.disabled ? 'prePayroll.enableOf' : 'prePayroll.disableOf', { name })} onClick={() => onAction('toggle', d)}>
                        {d.status === PAYROLL_DETAIL_STATUS.disabled ? <IconEye size={18} /> : <IconEyeOff size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  </>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
