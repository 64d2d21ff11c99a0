import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, FileButton, Group, NativeSelect, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { PortalTicket, PortalTicketCreate } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { useConfirmedMutation } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { toastSuccess } from '../../../shared/ui/toasts';
import {
  createTicket, deleteTicket, globalInvoice, importTickets, portalKeys, portalSettingsQuery, portalTicketsQuery, savePortal,
} from '../api/portal-api';
import { errorText } from '../components/error-text';
import { TicketForm } from '../components/ticket-form';
import '../texts';

const STATUS_COLOR = { pendiente: 'yellow', facturado: 'teal', vencido: 'gray' } as const;

function lastMonth(): { anio: number; mes: number } {
  const d = new Date();
  return d.getMonth() === 0 ? { anio: d.getFullYear() - 1, mes: 12 } : { anio: d.getFullYear(), mes: d.getMonth() };
}

/** Enable, slug, public link and expiry (issue 29 §6). */
function SettingsCard({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(portalSettingsQuery(rfc));
  const [enabled, setEnabled] = useState(false);
  const [slug, setSlug] = useState('');
  const [expire, setExpire] = useState(true);
  const loaded = useRef(false);
  useEffect(() => {
    if (!settings.data || loaded.current) return;
    loaded.current = true;
    setEnabled(settings.data.habilitado);
    setSlug(settings.data.slug ?? '');
    setExpire(settings.data.vencenFinDeMes);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () => savePortal({ habilitado: enabled, slug: slug.trim(), vencenFinDeMes: expire }),
    onSuccess: (data) => {
      queryClient.setQueryData(portalKeys.all(rfc), data);
      toastSuccess(t('portal.saved'));
    },
  });
  const link = settings.data?.enlace ? `${window.location.origin}${settings.data.enlace}` : null;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>{t('portal.settings')}</Title>
        <Switch label={t('portal.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} data-testid="portal-enabled" />
        <TextInput label={t('portal.slug')} description={t('portal.slugHint')} value={slug} onChange={(e) => setSlug(e.currentTarget.value.toLowerCase())}
          leftSection={<Text size="xs" c="dimmed">/f/</Text>} leftSectionWidth={32} data-testid="portal-slug" />
        <Switch label={t('portal.expire')} description={t('portal.expireHint')} checked={expire} onChange={(e) => setExpire(e.currentTarget.checked)} />
        {save.error && <Alert color="red" variant="light">{errorText(save.error, t('portal.saveFailed'))}</Alert>}
        <Group justify="space-between">
          {link && settings.data?.habilitado
            ? <Text size="sm">{t('portal.link')}: <Anchor href={link} target="_blank" data-testid="portal-link">{link}</Anchor></Text>
            : <Text size="sm" c="dimmed">{t('portal.disabledHint')}</Text>}
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!slug.trim()} data-testid="portal-save">{t('portal.save')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The month's global invoice to público en general. */
function GlobalCard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(lastMonth());
  const run = useMutation({ mutationFn: () => globalInvoice(period.anio, period.mes), onSuccess: onDone });
  const years = [period.anio - 1, period.anio, period.anio + 1].filter((y) => y <= new Date().getFullYear());
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>{t('portal.global')}</Title>
        <Text size="sm" c="dimmed">{t('portal.globalHint')}</Text>
        <Group align="flex-end">
          <NativeSelect label={t('portal.month')} value={String(period.mes)} onChange={(e) => setPeriod((p) => ({ ...p, mes: Number(e.currentTarget.value) }))}
            data={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: t(`portal.months.${i + 1}`) }))} />
          <NativeSelect label={t('portal.year')} value={String(period.anio)} onChange={(e) => setPeriod((p) => ({ ...p, anio: Number(e.currentTarget.value) }))}
            data={years.map(String)} />
          <Button onClick={() => run.mutate()} loading={run.isPending} data-testid="portal-global">{t('portal.globalRun')}</Button>
        </Group>
        {run.data && <Alert color="teal" variant="light">{t('portal.globalDone', { count: run.data.tickets, uuid: run.data.uuid, total: formatMoney(run.data.total) })}</Alert>}
        {run.error && <Alert color="red" variant="light">{errorText(run.error, t('portal.globalFailed'))}</Alert>}
      </Stack>
    </Card>
  );
}

/** CSV/XLSX import: preview (errors by row), then confirm. */
function ImportButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const preview = await importTickets(file, false);
      if (preview.errores.length) {
        setMessage({ ok: false, text: preview.errores.slice(0, 5).map((e) => t('portal.importError', e)).join(' · ') });
        if (!preview.validos) return;
      }
      const done = await importTickets(file, true);
      setMessage({ ok: !preview.errores.length, text: `${t('portal.imported', { count: done.importados })}${preview.errores.length ? ` ${t('portal.importSkipped')}` : ''}` });
      onDone();
    } catch (err) {
      setMessage({ ok: false, text: errorText(err, t('portal.importFailed')) });
    }
  };
  return (
    <Stack gap={4}>
      <FileButton onChange={upload} accept=".csv,.xlsx">{(props) => <Button variant="light" {...props}>{t('portal.import')}</Button>}</FileButton>
      {message && <Text size="xs" c={message.ok ? 'teal' : 'red'}>{message.text}</Text>}
    </Stack>
  );
}

/** /invoicing/portal: the owner's screen of the self-invoicing portal (issue 29 §6, decision 310). */
export function PortalPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const tickets = useQuery(portalTicketsQuery(rfc));
  const refresh = () => queryClient.invalidateQueries({ queryKey: portalKeys.tickets(rfc) });
  const create = async (body: PortalTicketCreate) => {
    await createTicket(body);
    toastSuccess(t('portal.ticketSaved', { folio: body.folio }));
    await refresh();
  };
  const remove = useConfirmedMutation({
    mutationFn: (r: PortalTicket) => deleteTicket(r.id),
    invalidate: portalKeys.tickets(rfc),
    done: (res) => res.message,
    ask: (r) => ({ title: t('portal.deleteTitle'), text: t('portal.deleteText', { folio: r.folio }), confirm: t('portal.delete'), cancel: t('portal.cancel'), color: 'red' }),
  });
  const rows = tickets.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('portal.title')} />
      <SettingsCard rfc={rfc} />
      <TicketForm onCreate={create} />
      <GlobalCard onDone={refresh} />
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('portal.tickets')}</Title>
            <ImportButton onDone={refresh} />
          </Group>
          {rows.length === 0 && !tickets.isPending && <Text c="dimmed">{t('portal.empty')}</Text>}
          {rows.length > 0 && (
            <Table striped data-testid="portal-tickets">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('portal.folio')}</Table.Th><Table.Th>{t('portal.date')}</Table.Th><Table.Th>{t('portal.total')}</Table.Th>
                  <Table.Th>{t('portal.status')}</Table.Th><Table.Th>UUID</Table.Th><Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.folio}</Table.Td>
                    <Table.Td>{r.fecha}</Table.Td>
                    <Table.Td>{formatMoney(r.total)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[r.estado]} variant="light">{t(`portal.statuses.${r.estado}`)}</Badge>
                      {r.global && <Badge ml={4} variant="outline" size="xs">{t('portal.globalBadge')}</Badge>}
                    </Table.Td>
                    <Table.Td><Text size="xs" ff="monospace">{r.uuid ?? '—'}</Text></Table.Td>
                    <Table.Td>
                      {r.estado === 'pendiente' && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => remove(r)} aria-label={t('portal.delete')}><IconTrash size={16} /></Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
