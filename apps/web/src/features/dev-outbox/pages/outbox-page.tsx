import { useState } from 'react';
import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../../shared/ui/brand';
import { isApiError } from '../../../shared/api/api-error';
import { storageKeys } from '../../../shared/storage/storage-keys';
import { readJson } from '../../../shared/storage/local-store';
import { outboxQuery } from '../api/get-outbox';

/** /dev/outbox: lets a local user read the mail the app "sent" (verification codes). */
export function OutboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const initial = params.get('to') ?? readJson<{ email?: string } | null>(storageKeys.registerInfo, null)?.email ?? '';
  const [draft, setDraft] = useState(initial);
  const to = params.get('to') ?? initial;
  const q = useQuery({ ...outboxQuery(to), enabled: Boolean(to) });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Brand />
        <div>
          <Title order={2}>{t('outbox.title')}</Title>
          <Text c="dimmed">{t('outbox.subtitle')}</Text>
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setParams({ to: draft.trim() });
          }}
        >
          <Group align="end">
            <TextInput label={t('outbox.to')} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} leftSection={<IconMail size={16} />} style={{ flex: 1 }} />
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              {t('outbox.search')}
            </Button>
          </Group>
        </form>
        {q.isFetching && <Loader size="sm" />}
        {q.isError && <Alert color="yellow">{isApiError(q.error) && q.error.status === 404 ? t('outbox.unavailable') : q.error.message}</Alert>}
        {q.data?.length === 0 && <Text c="dimmed">{t('outbox.empty')}</Text>}
        {q.data?.map((m, i) => (
          <Card key={`${m.created_at}-${i}`} withBorder radius="md" data-testid="outbox-message">
            <Text fw={600}>{m.subject}</Text>
            <Text size="xs" c="dimmed" mb="sm">
              {m.to} · {t('outbox.sentAt', { date: new Date(m.created_at).toLocaleString('es-MX') })}
            </Text>
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}>
              {m.text}
            </Text>
            {m.attachments.length > 0 && (
              <Group gap="xs" mt="sm" data-testid="outbox-attachments">
                {m.attachments.map((a) => (
                  <Anchor key={a.filename} size="sm" href={`data:${a.contentType};base64,${a.content}`} download={a.filename} data-testid="outbox-attachment">
                    📎 {a.filename} ({Math.ceil(a.size / 1024)} KB)
                  </Anchor>
                ))}
              </Group>
            )}
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
