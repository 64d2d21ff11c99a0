import { useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@facturo/contract';
import {
  createWebhookEndpoint, deleteWebhookEndpoint, redeliverWebhook, webhookDeliveriesQuery, webhookEndpointsQuery, webhookKeys,
} from '../api/api-keys-api';
import '../texts';

const STATE_COLOR = { pendiente: 'yellow', entregada: 'teal', fallida: 'red' } as const;

/** Issue 29 §5: the account's webhook endpoints (secret shown once) and the delivery log with «Reenviar». */
export function WebhooksSection({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const endpoints = useQuery(webhookEndpointsQuery(rfc));
  const deliveries = useQuery(webhookDeliveriesQuery(rfc));
  const [url, setUrl] = useState('');
  const [eventos, setEventos] = useState<WebhookEvent[]>(['invoice.stamped', 'invoice.cancelled']);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks', rfc] });
  const create = useMutation({
    mutationFn: () => createWebhookEndpoint({ url, eventos }),
    onSuccess: (res) => { setSecret(res.secret); setUrl(''); void refresh(); },
  });
  const remove = useMutation({ mutationFn: (id: number) => deleteWebhookEndpoint(id), onSuccess: () => refresh() });
  const resend = useMutation({ mutationFn: (id: number) => redeliverWebhook(id), onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(rfc) }) });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>{t('apiKeyScreen.webhooks')}</Title>
        <Text size="sm" c="dimmed">{t('apiKeyScreen.webhooksIntro')}</Text>
        <form onSubmit={(e) => { e.preventDefault(); create.mutate(); }}>
          <Stack gap="xs">
            <TextInput label={t('apiKeyScreen.url')} placeholder="https://" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={create.error?.message} data-testid="webhook-url" />
            <Checkbox.Group label={t('apiKeyScreen.events')} value={eventos} onChange={(v) => setEventos(v as WebhookEvent[])}>
              <Group gap="md" mt={4}>{WEBHOOK_EVENTS.map((e) => <Checkbox key={e} value={e} label={e} />)}</Group>
            </Checkbox.Group>
            <Group><Button type="submit" loading={create.isPending}>{t('apiKeyScreen.addEndpoint')}</Button></Group>
          </Stack>
        </form>
        {secret && (
          <Alert color="yellow" title={t('apiKeyScreen.secretTitle')}>
            <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>{secret}</Code>
          </Alert>
        )}
        {(endpoints.data?.endpoints ?? []).map((e) => (
          <Group key={e.id} justify="space-between" wrap="nowrap">
            <Text size="sm"><Code>{e.url}</Code> {e.eventos.join(', ')}</Text>
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => remove.mutate(e.id)}>{t('apiKeyScreen.deleteEndpoint')}</Button>
          </Group>
        ))}
        <Title order={5}>{t('apiKeyScreen.deliveries')}</Title>
        {(deliveries.data?.entregas ?? []).length === 0 && <Text size="sm" c="dimmed">{t('apiKeyScreen.noDeliveries')}</Text>}
        {(deliveries.data?.entregas ?? []).length > 0 && (
          <Table striped data-testid="webhook-deliveries">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('apiKeyScreen.event')}</Table.Th><Table.Th>{t('apiKeyScreen.url')}</Table.Th><Table.Th>{t('apiKeyScreen.status')}</Table.Th><Table.Th>{t('apiKeyScreen.attempts')}</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(deliveries.data?.entregas ?? []).map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.evento}</Table.Td>
                  <Table.Td><Text size="xs">{d.url}</Text></Table.Td>
                  <Table.Td><Badge variant="light" color={STATE_COLOR[d.estado]}>{t(`apiKeyScreen.states.${d.estado}`)}</Badge></Table.Td>
                  <Table.Td><Text size="xs">{d.intentos.map((a) => a.status ?? '—').join(' · ')}</Text></Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" leftSection={<IconRefresh size={14} />} onClick={() => resend.mutate(d.id)}>{t('apiKeyScreen.redeliver')}</Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
