import { useState } from 'react';
import { Anchor, Badge, Card, Checkbox, Group, Pagination, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLE_LABELS, type DESPACHO_SORTS } from '@facturo/contract';
import { PageHeader } from '../../../shared/ui/page-header';
import { despachoQuery, switchAccount } from '../api/workspace-api';
import '../texts';

type SortKey = (typeof DESPACHO_SORTS)[number];
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('es-MX', { timeZone: 'America/Mexico_City' }) : '');

/** Issue 26 §5: one row per account of the person with what is due this month; every cell opens that account. */
export function DespachoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const [q] = useDebouncedValue(filter.trim(), 300);
  const [pendientes, setPendientes] = useState(false);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'rfc', desc: false });
  const { data } = useQuery(despachoQuery({ page, sort: sort.key, dir: sort.desc ? 'desc' : 'asc', q, pendientes }));
  const rows = data?.data ?? [];
  const open = async (rfc: string, to: string) => {
    if (await switchAccount(rfc)) void navigate(`${to}?cuenta=${encodeURIComponent(rfc)}`);
  };
  const th = (key: SortKey, text: string) => (
    <Table.Th>
      <UnstyledButton onClick={() => { setPage(1); setSort({ key, desc: sort.key === key ? !sort.desc : false }); }}>
        <Text size="sm" fw={600}>{text}{sort.key === key ? (sort.desc ? ' ↓' : ' ↑') : ''}</Text>
      </UnstyledButton>
    </Table.Th>
  );
  const cell = (rfc: string, to: string, content: React.ReactNode) => (
    <Table.Td><Anchor component="button" type="button" size="sm" onClick={() => void open(rfc, to)}>{content}</Anchor></Table.Td>
  );
  return (
    <Stack>
      <PageHeader title={t('workspace.board')} />
      <Group justify="space-between">
        <Group>
          <TextInput placeholder={t('workspace.filterAccounts')} value={filter} onChange={(e) => { setPage(1); setFilter(e.currentTarget.value); }} w={320} />
          <Checkbox label={t('workspace.onlyPending')} checked={pendientes} onChange={(e) => { setPage(1); setPendientes(e.currentTarget.checked); }} data-testid="despacho-pending" />
        </Group>
        {data && <Text size="sm" c="dimmed">{t('workspace.period', { month: data.periodo.month, year: data.periodo.year })} · {t('workspace.accounts', { count: data.total })}</Text>}
      </Group>
      <Card withBorder p={0}>
        <Table.ScrollContainer minWidth={1100}>
          <Table striped highlightOnHover data-testid="despacho-table">
            <Table.Thead>
              <Table.Tr>
                {th('rfc', 'RFC')}{th('nombre', t('workspace.name'))}{th('declaracion', t('workspace.declaration'))}{th('diot', 'DIOT')}
                {th('reps', t('workspace.reps'))}{th('cancelaciones', t('workspace.cancellations'))}
                {th('csd', 'CSD')}{th('efirma', 'e.firma')}{th('descarga', t('workspace.lastDownload'))}{th('timbres', t('workspace.stamps'))}{th('plan', t('workspace.plan'))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.rfc} data-testid={`despacho-${r.rfc}`}>
                  {cell(r.rfc, '/dashboard/home', r.rfc)}
                  {cell(r.rfc, '/dashboard/home', <>{r.nombre} <Badge size="xs" variant="light">{MEMBER_ROLE_LABELS[r.rol]}</Badge></>)}
                  {cell(r.rfc, '/statements', r.declaracion.estado === 'presentada' ? `${t('workspace.filed')} ${day(r.declaracion.fecha)}` : t('workspace.pending'))}
                  {cell(r.rfc, '/statements', r.diot.estado === 'presentada' ? `${t('workspace.filed')} ${day(r.diot.fecha)}` : t('workspace.pending'))}
                  {cell(r.rfc, '/payment-reception', r.repsPendientes)}
                  {cell(r.rfc, '/outcomes', r.cancelacionesPendientes ? `${r.cancelacionesPendientes} (${r.cancelacionHorasRestantes ?? '—'} h)` : 0)}
                  {cell(r.rfc, '/profile', r.csdDias ?? '—')}
                  {cell(r.rfc, '/profile', r.efirmaDias ?? '—')}
                  {cell(r.rfc, '/outcomes', r.ultimaDescarga ? `${day(r.ultimaDescarga.fecha)} · ${r.ultimaDescarga.resultado}` : '—')}
                  {cell(r.rfc, '/plans', r.timbres ?? 0)}
                  {cell(r.rfc, '/plans', r.plan ?? '—')}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {data && data.total > 200 && <Pagination total={Math.ceil(data.total / 200)} value={page} onChange={setPage} />}
    </Stack>
  );
}
