import { useEffect, useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { FormAlert } from '../../../shared/ui/form-alert';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { customerStatementPdfUrl, customerStatementQuery, saveReminderSettings, sendCustomerStatement } from '../api/bank-api';
import '../texts';

/**
 * A customer's estado de cuenta (issue 27 §5): open invoices with due date and days overdue, payments, the PDF,
 * sending it by e-mail, the automatic reminder setting and the log of what was sent.
 */
export function CustomerStatementModal({ rfc, cliente, onClose }: { rfc: string; cliente: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const statement = useQuery({ ...customerStatementQuery(rfc, cliente ?? ''), enabled: !!cliente });
  const s = statement.data;
  const [email, setEmail] = useState('');
  const [cfg, setCfg] = useState({ diasCredito: 30, recordatorios: false, diasDespues: 1, intervalo: 7, email: '', recordarAntes: false, diasAntes: 3 });
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    if (!s) return;
    setCfg({ ...s.configuracion, email: s.configuracion.email ?? '' });
    setEmail(s.configuracion.email ?? s.configuracion.emailCliente ?? '');
  }, [s]);
  const onError = (e: unknown) => setErrors(isApiError(e) ? formatApiErrorLines(e.body) : [t('toast.error.text')]);
  const refresh = () => qc.invalidateQueries({ queryKey: ['bank', rfc] });
  const send = useMutation({ mutationFn: () => sendCustomerStatement(cliente!, email), onSuccess: (r) => { toastSuccess(r.mensaje); void refresh(); }, onError });
  const save = useMutation({ mutationFn: () => saveReminderSettings(cliente!, cfg), onSuccess: () => { toastSuccess(t('bank.receivables.saved')); void refresh(); }, onError });
  const pdf = useMutation({ mutationFn: () => customerStatementPdfUrl(cliente!).then((u) => window.open(u, '_blank')), onError: () => toastError() });
  return (
    <Modal opened={!!cliente} onClose={onClose} size="xl" title={t('bank.receivables.title', { nombre: s?.nombre ?? cliente ?? '' })}>
      <Stack>
        <FormAlert message={errors} />
        {s && (
          <>
            <Group gap="xl">
              <Text size="sm">{t('bank.receivables.saldo')}: <b data-testid="statement-saldo">{s.saldo}</b></Text>
              <Text size="sm" c={s.vencido !== '0.00' ? 'red' : undefined}>{t('bank.receivables.vencido')}: <b>{s.vencido}</b></Text>
              <Text size="sm" c="dimmed">{t('bank.receivables.asOf', { fecha: s.fecha })}</Text>
            </Group>
            <Table striped data-testid="statement-invoices">
              <Table.Thead><Table.Tr>
                <Table.Th>{t('bank.receivables.factura')}</Table.Th><Table.Th>{t('bank.receivables.fecha')}</Table.Th><Table.Th>{t('bank.receivables.vence')}</Table.Th>
                <Table.Th ta="right">{t('bank.receivables.total')}</Table.Th><Table.Th ta="right">{t('bank.receivables.saldo')}</Table.Th><Table.Th />
              </Table.Tr></Table.Thead>
              <Table.Tbody>
                {s.facturas.map((f) => (
                  <Table.Tr key={f.uuid}>
                    <Table.Td>{f.serie || f.folio ? `${f.serie ?? ''}${f.folio ?? ''}` : f.uuid.slice(0, 8)}</Table.Td>
                    <Table.Td>{f.fecha}</Table.Td><Table.Td>{f.vence}</Table.Td>
                    <Table.Td ta="right">{f.total}</Table.Td><Table.Td ta="right">{f.saldo}</Table.Td>
                    <Table.Td>{f.diasVencido > 0 ? <Badge color="red">{t('bank.receivables.overdue', { count: f.diasVencido })}</Badge> : <Badge color="green">{t('bank.receivables.current')}</Badge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {s.pagos.length > 0 && (
              <Text size="sm">{t('bank.receivables.payments')}: {s.pagos.map((p) => `${p.fecha} ${p.factura} ${p.importe}`).join(' · ')}</Text>
            )}
            <Group align="flex-end">
              <Button variant="light" loading={pdf.isPending} onClick={() => pdf.mutate()} data-testid="statement-pdf">{t('bank.receivables.pdf')}</Button>
              <TextInput label={t('bank.receivables.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} w={260} />
              <Button loading={send.isPending} disabled={!email} onClick={() => { setErrors([]); send.mutate(); }} data-testid="statement-send">{t('bank.receivables.send')}</Button>
            </Group>
            <Text fw={600}>{t('bank.receivables.reminders')}</Text>
            <Group align="flex-end">
              <NumberInput w={130} label={t('bank.receivables.diasCredito')} min={0} max={365} value={cfg.diasCredito} onChange={(v) => setCfg({ ...cfg, diasCredito: Number(v) || 0 })} />
              <Switch label={t('bank.receivables.auto')} checked={cfg.recordatorios} onChange={(e) => setCfg({ ...cfg, recordatorios: e.currentTarget.checked })} data-testid="reminders-on" />
              <NumberInput w={150} label={t('bank.receivables.diasDespues')} min={0} max={365} value={cfg.diasDespues} onChange={(v) => setCfg({ ...cfg, diasDespues: Number(v) || 0 })} />
              <NumberInput w={150} label={t('bank.receivables.intervalo')} min={1} max={90} value={cfg.intervalo} onChange={(v) => setCfg({ ...cfg, intervalo: Number(v) || 1 })} />
              <Switch label={t('bank.receivables.before')} checked={cfg.recordarAntes} onChange={(e) => setCfg({ ...cfg, recordarAntes: e.currentTarget.checked })} data-testid="reminders-before" />
              <NumberInput w={110} label={t('bank.receivables.diasAntes')} min={1} max={60} value={cfg.diasAntes} onChange={(v) => setCfg({ ...cfg, diasAntes: Number(v) || 1 })} />
              <TextInput w={220} label={t('bank.receivables.reminderEmail')} type="email" value={cfg.email} placeholder={s.configuracion.emailCliente ?? ''} onChange={(e) => setCfg({ ...cfg, email: e.currentTarget.value })} />
              <Button variant="default" loading={save.isPending} onClick={() => { setErrors([]); save.mutate(); }} data-testid="reminders-save">{t('bank.receivables.save')}</Button>
            </Group>
            <Table data-testid="reminder-log">
              <Table.Thead><Table.Tr><Table.Th>{t('bank.receivables.sentAt')}</Table.Th><Table.Th>{t('bank.receivables.kind')}</Table.Th><Table.Th>{t('bank.receivables.email')}</Table.Th><Table.Th ta="right">{t('bank.receivables.saldo')}</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {s.recordatorios.length === 0 && <Table.Tr><Table.Td colSpan={4}><Text size="sm" c="dimmed">{t('bank.receivables.noneSent')}</Text></Table.Td></Table.Tr>}
                {s.recordatorios.map((r) => (
                  <Table.Tr key={r.id}><Table.Td>{r.fecha.slice(0, 16).replace('T', ' ')}</Table.Td><Table.Td>{t(`bank.receivables.kinds.${r.tipo}`)}</Table.Td><Table.Td>{r.email}</Table.Td><Table.Td ta="right">{r.saldo}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Modal>
  );
}
