import { ActionIcon, Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconDownload, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '@facturo/cfdi/money';
import { formatDay } from '../../../shared/format/dates';
import { usePeriod } from '../../../shared/period/period-store';
import { useSession } from '../../../shared/session/session-store';
import { confirmExternalLink } from '../../../shared/ui/confirm';
import { FilterChips } from '../../../shared/ui/filter-chips';
import { ListTable } from '../../../shared/ui/list-table';
import { usePhone } from '../../../shared/ui/use-phone';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { toastError } from '../../../shared/ui/toasts';
import { saveBlob } from '../../invoicing/public';
import { PrenominaList } from '../../pre-payroll/public';
import { downloadPayrollCsv, payrollQuery, receiptFile } from '../api/payroll-api';

/** /payroll/emitted (1) and /payroll/received (2): the month's receipts, their ISR and IMSS and the totals (spec §3 Payroll response). */
export function PayrollReceiptsPage({ type }: { type: 1 | 2 }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const list = usePagedList(type === 1 ? 'payroll-emitted' : 'payroll-received');
  const phone = usePhone();
  const rows = useQuery(payrollQuery(rfc, period, type, { page: list.page, perPage: list.perPage, searchQuery: list.query }));
  const csv = useMutation({ mutationFn: () => downloadPayrollCsv(period, type, list.query), onError: () => toastError() });
  const total = rows.data?.facturas.total ?? 0;
  const calc = rows.data?.calculos;
  const file = (uuid: string, kind: 'xml' | 'pdf') => receiptFile(type, uuid, kind)
    .then((b) => (kind === 'pdf' ? confirmExternalLink(URL.createObjectURL(b)) : saveBlob(b, `${uuid}.xml`)), () => toastError());
  return (
    <Stack gap="md">
      <PageHeader title={t(type === 1 ? 'payroll.emittedTitle' : 'payroll.receivedTitle')} />
      {/* On a phone the three totals fold into one row of chips (issue 25 §9): the receipts stay on the first screen. */}
      {phone ? (
        <FilterChips testId="payroll-chips" label={t('payroll.calculos.total')}
          chips={(['total', 'isr', 'imss'] as const).map((k, i) => ({ key: k, label: t(`payroll.calculos.${k}`), color: ['blue', 'orange', 'grape'][i]!, figure: calc ? formatMoney(calc[k]) : '—' }))} />
      ) : <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {(['total', 'isr', 'imss'] as const).map((k) => (
          <Card key={k} withBorder radius="md" padding="sm" data-testid={`payroll-total-${k}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`payroll.calculos.${k}`)}</Text>
            <Text fw={700} size="lg">{calc ? formatMoney(calc[k]) : '—'}</Text>
          </Card>
        ))}
      </SimpleGrid>}
      <PagedListCard list={list} searchPlaceholder={t('payroll.search')} loading={rows.isPending} total={total}
        emptyText={t('payroll.empty')} totalText={t('payroll.total', { count: total })}
        filters={<Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} loading={csv.isPending} onClick={() => csv.mutate()}>{t('payroll.csv')}</Button>}>
        {phone ? (
          <Table striped verticalSpacing={6} horizontalSpacing={4} data-testid="payroll-table" style={{ tableLayout: 'fixed' }}>
            <Table.Tbody>
              {(rows.data?.facturas.data ?? []).map((r) => {
                const name = [r.serie, r.folio].filter(Boolean).join('-') || r.uuid.slice(0, 8);
                return (
                  <Table.Tr key={r.uuid} data-testid={`receipt-${r.uuid}`}>
                    <Table.Td style={{ overflow: 'hidden' }}>
                      <Text size="sm" fw={600} truncate>{name}</Text>
                      <Text size="xs" truncate>{r.client || r.rfc}</Text>
                      <Text size="xs" c="dimmed">{formatDay(r.f_emi.slice(0, 10))}</Text>
                    </Table.Td>
                    <Table.Td ta="right" w={124}>
                      <Text size="sm" fw={600} data-testid="row-total">{formatMoney(r.total)}</Text>
                      <Badge size="sm" variant="light" color={r.estado === 'vigente' ? 'teal' : 'red'} data-testid="row-estado">{t(`incomes.estado.${r.estado}`)}</Badge>
                    </Table.Td>
                    <Table.Td w={36}>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target><ActionIcon variant="subtle" aria-label={t('incomes.actionsFor', { name })}><IconDots size={18} /></ActionIcon></Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => void file(r.uuid, 'pdf')}>{t('prePayroll.pdf')}</Menu.Item>
                          <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void file(r.uuid, 'xml')}>{t('prePayroll.xml')}</Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ) : <ListTable minWidth={820} testId="payroll-table" columns={[
          { label: t('payroll.cols.folio') }, { label: t(type === 1 ? 'payroll.cols.empleado' : 'payroll.cols.patron') }, { label: t('payroll.cols.fecha') },
          { label: t('payroll.cols.isr'), align: 'right' }, { label: t('payroll.cols.imss'), align: 'right' }, { label: t('payroll.cols.total'), align: 'right' }, { width: 80 },
        ]}>
          {(rows.data?.facturas.data ?? []).map((r) => (
            <Table.Tr key={r.uuid} data-testid={`receipt-${r.uuid}`}>
              <Table.Td><Text size="sm" fw={600}>{[r.serie, r.folio].filter(Boolean).join('-')}</Text><Text size="xs" c="dimmed" ff="monospace">{r.uuid}</Text></Table.Td>
              <Table.Td><Text size="sm">{r.rfc} - {r.client}</Text></Table.Td>
              <Table.Td>{formatDay(r.f_emi.slice(0, 10))}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.isr)}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.imss)}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label={t('prePayroll.pdf')}><ActionIcon variant="subtle" aria-label={t('prePayroll.pdfOf', { name: r.client })} onClick={() => void file(r.uuid, 'pdf')}><IconFileTypePdf size={18} /></ActionIcon></Tooltip>
                  <Tooltip label={t('prePayroll.xml')}><ActionIcon variant="subtle" aria-label={t('prePayroll.xmlOf', { name: r.client })} onClick={() => void file(r.uuid, 'xml')}><IconDownload size={18} /></ActionIcon></Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>}
      </PagedListCard>
    </Stack>
  );
}

/** /payroll: the "Lista de nóminas" (spec §4 payroll type 1), each run opening in /pre-payroll. */
export function PayrollRunsPage() {
  const navigate = useNavigate();
  return <PrenominaList stamped onOpen={(id) => navigate(`/pre-payroll?id=${id}`)} />;
}
