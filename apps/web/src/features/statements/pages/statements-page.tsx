import { Button, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDay } from '../../../shared/format/dates';
import { usePeriod } from '../../../shared/period/period-store';
import { useSession } from '../../../shared/session/session-store';
import { ListTable } from '../../../shared/ui/list-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { toastError } from '../../../shared/ui/toasts';
import { csfFileUrl, csfQuery, settingsQuery } from '../api/statements-api';
import { DiotTab } from '../components/diot-tab';
import { SettingsTab } from '../components/settings-tab';
import { StatementTab } from '../components/statement-tab';

const TABS = ['0', '1', 'diot', 'csf'] as const;

function CsfTab({ rfc }: { rfc: string }) {
  const q = useQuery(csfQuery(rfc));
  const rows = q.data?.data ?? [];
  if (rows.length === 0) return <Text c="dimmed">No hay constancias de situación fiscal: súbelas en Perfil.</Text>;
  return (
    <ListTable minWidth={500} testId="csf-history" columns={[{ label: 'RFC' }, { label: 'Fecha' }, {}]}>
      {rows.map((c) => (
        <Table.Tr key={c.id}>
          <Table.Td>{c.rfc}</Table.Td>
          <Table.Td>{formatDay(c.created_at.slice(0, 10))}</Table.Td>
          <Table.Td><Button size="xs" variant="subtle" onClick={() => void csfFileUrl(c.id).then((u) => window.open(u, '_blank'), () => toastError())}>Ver PDF</Button></Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** /statements (spec §2.7): tab 0 statement, tab 1 settings, the DIOT and the tax-status certificates. */
export function StatementsPage() {
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') ?? '0';
  const tab = (TABS as readonly string[]).includes(raw) ? raw : '0';
  const settings = useQuery(settingsQuery(rfc));
  // The day-1 automatic statement's live toast, list refresh and bell are the shell's (app/live/use-live-session).
  return (
    <Stack gap="md">
      <PageHeader title="Declaraciones" />
      <Tabs value={tab} onChange={(v) => setParams((p) => { p.set('tab', v ?? '0'); return p; }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="0">Declaración mensual</Tabs.Tab>
          <Tabs.Tab value="1">Configuración</Tabs.Tab>
          {settings.data?.show_diot !== false && <Tabs.Tab value="diot">DIOT</Tabs.Tab>}
          <Tabs.Tab value="csf">Constancias fiscales</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="0" pt="md"><StatementTab rfc={rfc} period={period} /></Tabs.Panel>
        <Tabs.Panel value="1" pt="md"><SettingsTab rfc={rfc} /></Tabs.Panel>
        <Tabs.Panel value="diot" pt="md"><DiotTab rfc={rfc} period={period} /></Tabs.Panel>
        <Tabs.Panel value="csf" pt="md"><CsfTab rfc={rfc} /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
