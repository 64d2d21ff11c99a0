import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Center, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { getToken } from '../../../shared/session/session-store';
import { confirmMyEmail } from '../api/workspace-api';
import '../texts';

/** Decision 315: the link mailed to a new address; opening it confirms the address (signed in or not). */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  // One request even when React runs the effect twice (StrictMode).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirmMyEmail(token)
      .then((r) => setResult({ ok: true, message: r.message }))
      .catch((err: unknown) => setResult({ ok: false, message: isApiError(err) ? err.message : t('workspace.emailLinkInvalid') }));
  }, [token, t]);
  const signedIn = Boolean(getToken());
  return (
    <Center mih="100vh" p="md">
      <Card withBorder w={460} p="xl">
        <Stack>
          <Title order={3}>{t('workspace.confirmEmailTitle')}</Title>
          {!result && <Loader size="sm" />}
          {result && <Alert color={result.ok ? 'green' : 'red'} data-testid="confirm-email-result">{result.message}</Alert>}
          {result && (
            <Button component={Link} to={signedIn ? '/cuenta/mis-datos' : '/login'} variant="light" w="fit-content">
              {signedIn ? t('workspace.myDetails') : t('workspace.login')}
            </Button>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
