import { useMemo, useState } from 'react';
import { Anchor, Badge, Card, Group, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLE_LABELS, type DespachoRow } from '@facturo/contract';
import { PageHeader } from '../../../shared/ui/page-header';
import { despachoQuery, switchAccount } from '../api/workspace-api';
import '../texts';

type SortKey = 'rfc' | 'nombre' | 'declaracion' | 'diot' | 'repsPendientes' | 'cancelacionesPendientes' | 'csdDias' | 'efirmaDias' | 'timbres';
const sortValue = (r: DespachoRow, k: SortKey): string | number => {
  if (k === 'declaracion' || k === 'diot') return r[k].estado;
  const v = r[k];
  return v ?? Number.POSITIVE_INFINITY;
};
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('es-MX', { timeZone: 'America/Mexico_City' }) : '');

/** Issue 26 §5: one row per account of the person with what is due this month; every cell opens that account. */
export function DespachoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery(despachoQuery(1));
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'rfc', desc: false });
  const rows = useMemo(() => {
    const f = filter.trim().toUpperCase();
    const list = (data?.data ?? []).filter((r) => !f || r.rfc.includes(f) || r.nombre.toUpperCase().includes(f));
    return [...list].sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      const c = x < y ? -1 : x > y ? 1 : 0;
      return sort.desc ? -c : c;
    });
  }, [data, filter, sort]);
  const open = async (rfc: string, to: string) => {
    await switchAccount(rfc);
    void navigate(to);
  };
  const th = (key: SortKey, text: string) => (
    <Table.Th>
      <UnstyledButton onClick={() => setSort({ key, desc: sort.key === key ? !sort.desc : false })}>
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
        <TextInput placeholder={t('workspace.filterAccounts')} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={320} />
        {data && <Text size="sm" c="dimmed">{t('workspace.period', { month: data.periodo.month, year: data.periodo.year })} · {t('workspace.accounts', { count: data.total })}</Text>}
      </Group>
      <Card withBorder p={0}>
        <Table.ScrollContainer minWidth={1100}>
          <Table striped highlightOnHover data-testid="despacho-table">
            <Table.Thead>
              <Table.Tr>
                {th('rfc', 'RFC')}{th('nombre', t('workspace.name'))}{th('declaracion', t('workspace.declaration'))}{th('diot', 'DIOT')}
                {th('repsPendientes', t('workspace.reps'))}{th('cancelacionesPendientes', t('workspace.cancellations'))}
                {th('csdDias', 'CSD')}{th('efirmaDias', 'e.firma')}<Table.Th>{t('workspace.lastDownload')}</Table.Th>{th('timbres', t('workspace.stamps'))}<Table.Th>{t('workspace.plan')}</Table.Th>
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
    </Stack>
  );
}
