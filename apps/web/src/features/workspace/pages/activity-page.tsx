import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_ACTIONS, ACTIVITY_LABELS, type ActivityAction, type ActivityRow } from '@facturo/contract';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSession } from '../../../shared/session/session-store';
import { activityQuery, type ActivityFilters } from '../api/workspace-api';
import '../texts';

const label = (accion: string) => ACTIVITY_LABELS[accion as ActivityAction] ?? accion;
const when = (iso: string) => new Date(iso).toLocaleString('es-MX', { timeZone: 'America/Mexico_City' });

/** CSV of the rows on screen (RFC 4180 quoting), downloaded by the browser. */
export function activityCsv(rows: ActivityRow[]): string {
  const q = (v: string | null) => `"${(v ?? '').replace(/"/g, '""')}"`;
  return ['quien,accion,cuando,ip,detalle', ...rows.map((r) => [q(r.quien), q(label(r.accion)), q(r.cuando), q(r.ip), q(r.detalle)].join(','))].join('\r\n');
}

/** Issue 26 §6: the account's activity log with filters and CSV export (read only). */
export function ActivityPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const [filters, setFilters] = useState<ActivityFilters>({});
  const { data = [] } = useQuery(activityQuery(rfc, filters));
  const download = () => {
    const url = URL.createObjectURL(new Blob([`\uFEFF${activityCsv(data)}`], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `actividad-${rfc}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack>
      <PageHeader title={t('workspace.activity')} action={<Button variant="light" onClick={download} data-testid="activity-csv">{t('workspace.exportCsv')}</Button>} />
      <Card withBorder>
        <Group align="flex-end">
          <TextInput type="date" label={t('workspace.from')} value={filters.desde ?? ''} onChange={(e) => setFilters({ ...filters, desde: e.currentTarget.value || undefined })} />
          <TextInput type="date" label={t('workspace.to')} value={filters.hasta ?? ''} onChange={(e) => setFilters({ ...filters, hasta: e.currentTarget.value || undefined })} />
          <Select label={t('workspace.action')} clearable w={260} value={filters.accion ?? null}
            data={ACTIVITY_ACTIONS.map((a) => ({ value: a, label: ACTIVITY_LABELS[a] }))}
            onChange={(v) => setFilters({ ...filters, accion: (v as ActivityAction | null) ?? undefined })} />
        </Group>
      </Card>
      <Card withBorder p={0}>
        <Table striped data-testid="activity-table">
          <Table.Thead>
            <Table.Tr><Table.Th>{t('workspace.when')}</Table.Th><Table.Th>{t('workspace.who')}</Table.Th><Table.Th>{t('workspace.action')}</Table.Th><Table.Th>IP</Table.Th><Table.Th>{t('workspace.detail')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{when(r.cuando)}</Table.Td><Table.Td>{r.quien}</Table.Td><Table.Td>{label(r.accion)}</Table.Td><Table.Td>{r.ip}</Table.Td><Table.Td>{r.detalle}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
