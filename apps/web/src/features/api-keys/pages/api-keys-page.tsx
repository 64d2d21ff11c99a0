import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyMode } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { useConfirmedMutation } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { apiKeyKeys, apiKeysQuery, createApiKey, revokeApiKey } from '../api/api-keys-api';
import { WebhooksSection } from './webhooks-section';
import '../texts';

const when = (iso: string) => new Date(iso).toLocaleString('es-MX', { dateStyle: 'medium', timeStyle: 'short' });

/** /cuenta/llaves-api: the owner creates, lists and revokes the account's API keys (issue 29 §4, decision 307). */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const list = useQuery(apiKeysQuery(rfc));
  const [nombre, setNombre] = useState('');
  const [modo, setModo] = useState<ApiKeyMode>('test');
  const [shown, setShown] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createApiKey({ nombre, modo }),
    onSuccess: (res) => {
      setShown(res.key);
      setNombre('');
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(rfc) });
    },
  });
  const revoke = useConfirmedMutation({
    mutationFn: (k: ApiKey) => revokeApiKey(k.id),
    invalidate: apiKeyKeys.all(rfc),
    done: (res) => res.message,
    ask: (k) => ({ title: t('apiKeyScreen.revokeTitle'), text: t('apiKeyScreen.revokeText', { name: k.nombre }), confirm: t('apiKeyScreen.revoke'), cancel: t('apiKeyScreen.cancel'), color: 'red' }),
  });
  const rows = list.data?.llaves ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('apiKeyScreen.title')} />
      <Text size="sm" c="dimmed">{t('apiKeyScreen.intro')}</Text>
      <Card withBorder>
        <form onSubmit={(e) => { e.preventDefault(); create.mutate(); }}>
          <Group align="end">
            <TextInput label={t('apiKeyScreen.name')} placeholder={t('apiKeyScreen.namePlaceholder')} value={nombre} onChange={(e) => setNombre(e.currentTarget.value)}
              error={create.error?.message} data-testid="api-key-name" />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('apiKeyScreen.mode')}</Text>
              <SegmentedControl value={modo} onChange={(v) => setModo(v as ApiKeyMode)}
                data={[{ value: 'test', label: t('apiKeyScreen.modes.test') }, { value: 'live', label: t('apiKeyScreen.modes.live') }]} />
            </Stack>
            <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>{t('apiKeyScreen.create')}</Button>
          </Group>
        </form>
        {shown && (
          <Alert mt="md" color="yellow" title={t('apiKeyScreen.createdTitle')}>
            <Text size="sm" mb="xs">{t('apiKeyScreen.createdText')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>{shown}</Code>
              <CopyButton value={shown}>
                {({ copied, copy }) => <Button size="xs" variant="light" onClick={copy}>{copied ? t('apiKeyScreen.copied') : t('apiKeyScreen.copy')}</Button>}
              </CopyButton>
            </Group>
          </Alert>
        )}
      </Card>
      <Card withBorder>
        {rows.length === 0 && !list.isPending && <Text c="dimmed">{t('apiKeyScreen.empty')}</Text>}
        {rows.length > 0 && (
          <Table striped data-testid="api-keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiKeyScreen.name')}</Table.Th><Table.Th>{t('apiKeyScreen.key')}</Table.Th><Table.Th>{t('apiKeyScreen.mode')}</Table.Th>
                <Table.Th>{t('apiKeyScreen.created')}</Table.Th><Table.Th>{t('apiKeyScreen.lastUsed')}</Table.Th><Table.Th>{t('apiKeyScreen.status')}</Table.Th><Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.nombre}</Table.Td>
                  <Table.Td><Code>{k.vista}</Code></Table.Td>
                  <Table.Td><Badge variant="light" color={k.modo === 'live' ? 'teal' : 'gray'}>{k.modo}</Badge></Table.Td>
                  <Table.Td>{when(k.creada)}</Table.Td>
                  <Table.Td>{k.ultimoUso ? when(k.ultimoUso) : t('apiKeyScreen.never')}</Table.Td>
                  <Table.Td>{k.revocada ? <Badge color="red" variant="light">{t('apiKeyScreen.revoked')}</Badge> : <Badge color="teal" variant="light">{t('apiKeyScreen.active')}</Badge>}</Table.Td>
                  <Table.Td>
                    {!k.revocada && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => revoke(k)} aria-label={`${t('apiKeyScreen.revoke')} ${k.nombre}`} leftSection={<IconTrash size={14} />}>
                        {t('apiKeyScreen.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <WebhooksSection rfc={rfc} />
    </Stack>
  );
}
