import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Card, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconBan, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { RetentionRow } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { usePeriod } from '../../../shared/period/period-store';
import { useSession } from '../../../shared/session/session-store';
import { confirmExternalLink } from '../../../shared/ui/confirm';
import { ListTable } from '../../../shared/ui/list-table';
import { ListPager, PageSizeControl } from '../../../shared/ui/paged-list-card';
import { usePagedList } from '../../../shared/ui/paged-list';
import { toastError } from '../../../shared/ui/toasts';
import { saveBlob } from '../../invoicing/public';
import { retentionFile, retentionsQuery } from '../api/retentions-api';
import { CancelRetentionModal } from './cancel-retention-modal';
import '../texts';

/** The month's issued or received constancias (spec §3 Retention rows): estado, amounts, PDF/XML and, for issued ones, cancel. */
export function RetentionsTable({ direction }: { direction: 'issued' | 'received' }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const list = usePagedList(direction === 'issued' ? 'retentions-issued' : 'retentions-received');
  const { setPage } = list;
  // Another month is another list: back to its first page.
  useEffect(() => setPage(1), [period.month, period.year, setPage]);
  const rows = useQuery(retentionsQuery(rfc, period, direction, { page: list.page, perPage: list.perPage }));
  const total = rows.data?.total ?? 0;
  const file = (r: RetentionRow, kind: 'xml' | 'pdf') => retentionFile(r.uuid, kind)
    .then((b) => (kind === 'pdf' ? confirmExternalLink(URL.createObjectURL(b)) : saveBlob(b, `RET_${r.rfc_emisor}_${r.uuid}.xml`)), () => toastError());
  const [cancelling, setCancelling] = useState<RetentionRow | null>(null);
  const counterpart = direction === 'issued' ? 'receptor' : 'emisor';
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t(direction === 'issued' ? 'retentions.issuedList' : 'retentions.receivedList')}</Text>
          <PageSizeControl list={list} />
        </Group>
        {rows.isPending ? <Loader size="sm" /> : total === 0 ? <Text c="dimmed" ta="center" py="lg">{t('retentions.empty')}</Text> : (
          <ListTable minWidth={900} testId={`retentions-${direction}-table`} columns={[
            { label: t('retentions.cols.uuid') }, { label: t(`retentions.cols.${counterpart}`) }, { label: t('retentions.cols.fecha') },
            { label: t('retentions.cols.periodo') }, { label: t('retentions.cols.operacion'), align: 'right' }, { label: t('retentions.cols.retenido'), align: 'right' },
            { label: t('retentions.cols.estado') }, { width: 110 },
          ]}>
            {(rows.data?.data ?? []).map((r) => (
              <Table.Tr key={r.uuid} data-testid={`retention-${r.uuid}`}>
                <Table.Td><Text size="xs" ff="monospace">{r.uuid}</Text><Text size="xs" c="dimmed">{t('retentions.clave', { clave: r.cve_retenc })}</Text></Table.Td>
                <Table.Td><Text size="sm">{direction === 'issued' ? `${r.rfc_receptor ?? t('retentions.extranjero')} - ${r.nombre_receptor}` : `${r.rfc_emisor} - ${r.nombre_emisor}`}</Text></Table.Td>
                <Table.Td>{formatDay(r.fecha_emision.slice(0, 10))}</Table.Td>
                <Table.Td>{r.periodo}</Table.Td>
                <Table.Td ta="right">{formatMoney(r.monto_tot_operacion)}</Table.Td>
                <Table.Td ta="right">{formatMoney(r.monto_tot_retenido)}</Table.Td>
                <Table.Td><Badge color={r.estado === 1 ? 'teal' : 'red'} variant="light">{r.estado_text}</Badge></Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={t('retentions.pdf')}><ActionIcon variant="subtle" aria-label={t('retentions.pdfOf', { uuid: r.uuid })} onClick={() => void file(r, 'pdf')}><IconFileTypePdf size={18} /></ActionIcon></Tooltip>
                    <Tooltip label={t('retentions.xml')}><ActionIcon variant="subtle" aria-label={t('retentions.xmlOf', { uuid: r.uuid })} onClick={() => void file(r, 'xml')}><IconDownload size={18} /></ActionIcon></Tooltip>
                    {direction === 'issued' && r.estado === 1 && (
                      <Tooltip label={t('retentions.cancel')}><ActionIcon variant="subtle" color="red" aria-label={t('retentions.cancelOf', { uuid: r.uuid })} onClick={() => setCancelling(r)}><IconBan size={18} /></ActionIcon></Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
        <ListPager list={list} total={total} left={<Text size="sm" c="dimmed">{t('retentions.total', { count: total })}</Text>} />
      </Stack>
      {direction === 'issued' && <CancelRetentionModal rfc={rfc} period={period} row={cancelling} onClose={() => setCancelling(null)} />}
    </Card>
  );
}
