import { useState } from 'react';
import { Alert, Button, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLE_LABELS, routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { queryClient } from '../../../shared/api/query-client';
import { isApiError } from '../../../shared/api/api-error';
import { getToken, startSession } from '../../../shared/session/session-store';
import { acceptInvitation, invitationQuery, registerFromInvitation } from '../api/workspace-api';
import '../texts';

/** Issue 26 §3: the invitation link. A signed-in person accepts; a new person registers; either lands in that account. */
export function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data, error } = useQuery(invitationQuery(token));
  const [nombre, setNombre] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enter = async (accessToken: string) => {
    const session = await call(routes['auth.session'], { token: accessToken });
    queryClient.clear();
    startSession(session);
    void navigate('/dashboard/home');
  };
  const run = (fn: () => Promise<{ access_token: string }>) => async () => {
    setBusy(true);
    try {
      await enter((await fn()).access_token);
    } catch (err) {
      setFailure(isApiError(err) ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const signedIn = Boolean(getToken());
  return (
    <Center mih="100vh" p="md">
      <Card withBorder w={460} p="xl">
        <Stack>
          <Title order={3}>{t('workspace.invitationTitle')}</Title>
          {error && <Alert color="red">{isApiError(error) ? error.message : t('workspace.invitationInvalid')}</Alert>}
          {data && (
            <>
              <Text>{t('workspace.invitationText', { nombre: data.nombre, rfc: data.rfc, rol: MEMBER_ROLE_LABELS[data.rol] })}</Text>
              {failure && <Alert color="red">{failure}</Alert>}
              {signedIn ? (
                <Button onClick={run(() => acceptInvitation(token))} loading={busy} data-testid="accept-invitation">{t('workspace.accept')}</Button>
              ) : data.registrado ? (
                <Text size="sm">{t('workspace.loginToAccept')} <Link to="/login">{t('workspace.login')}</Link></Text>
              ) : (
                <>
                  <TextInput label={t('workspace.email')} value={data.email} readOnly />
                  <TextInput label={t('workspace.name')} value={nombre} onChange={(e) => setNombre(e.currentTarget.value)} data-testid="invite-name" />
                  <PasswordInput label={t('workspace.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} data-testid="invite-password" />
                  <Button onClick={run(() => registerFromInvitation(token, nombre, password))} loading={busy} disabled={!nombre || !password}>{t('workspace.register')}</Button>
                </>
              )}
            </>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
