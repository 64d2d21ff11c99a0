import { useState } from 'react';
import { Alert, Button, Card, Code, Group, Image, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { myTwoFactorQuery } from '../api/workspace-api';
import { call } from '../../../shared/api/call';
import { isApiError } from '../../../shared/api/api-error';
import '../texts';

/** The person's two-factor sign-in: a QR for any authenticator app, a first code, 10 recovery codes; off with a code. */
export function TwoFactorCard({ title }: { title?: string }) {
  const { t } = useTranslation();
  const [enrol, setEnrol] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offCode, setOffCode] = useState('');
  const [offDone, setOffDone] = useState(false);
  const qc = useQueryClient();
  const status = useQuery(myTwoFactorQuery());
  const active = Boolean(status.data?.activo) && !codes;
  const disable = async () => {
    setError(null);
    try {
      await call(routes['workspace.totpDisable'], { body: { code: offCode }, passThrough: true });
      setOffCode(''); setEnrol(null); setCodes(null); setOffDone(true);
      await qc.invalidateQueries({ queryKey: myTwoFactorQuery().queryKey });
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };
  const start = async () => {
    setError(null);
    try {
      setEnrol(await call(routes['workspace.totpEnroll'], { passThrough: true }));
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };
  const activate = async () => {
    setError(null);
    try {
      setCodes((await call(routes['workspace.totpActivate'], { body: { code }, passThrough: true })).recovery_codes);
      setOffDone(false);
      void qc.invalidateQueries({ queryKey: myTwoFactorQuery().queryKey });
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };
  return (
      <Card withBorder maw={640} data-testid="two-factor-card">
        <Stack>
          {title && <Title order={4}>{title}</Title>}
          <Text>{t('workspace.totpIntro')}</Text>
          {error && <Alert color="red">{error}</Alert>}
          {offDone && <Alert color="blue">{t('workspace.totpOffDone')}</Alert>}
          {active && (
            <>
              <Alert color="green" data-testid="totp-on">{t('workspace.totpOn', { n: status.data?.codigos_restantes ?? 0 })}</Alert>
              <Text size="sm">{t('workspace.totpOffIntro')}</Text>
              <Group align="flex-end">
                <TextInput label={t('workspace.totpOffCode')} value={offCode} onChange={(e) => setOffCode(e.currentTarget.value)} data-testid="totp-off-code" />
                <Button color="red" variant="light" onClick={() => void disable()} disabled={offCode.trim().length < 6}>{t('workspace.totpOff')}</Button>
              </Group>
            </>
          )}
          {!active && status.data && !enrol && !codes && <Button onClick={() => void start()} w="fit-content" data-testid="totp-start">{t('workspace.totpStart')}</Button>}
          {enrol && !codes && (
            <>
              <Image src={enrol.qr} alt={t('workspace.totpQr')} w={200} h={200} />
              <Text size="sm">{t('workspace.totpSecret')} <Code data-testid="totp-secret">{enrol.secret}</Code></Text>
              <Group align="flex-end">
                <TextInput label={t('workspace.totpCode')} value={code} onChange={(e) => setCode(e.currentTarget.value)} inputMode="numeric" data-testid="totp-code" />
                <Button onClick={() => void activate()} disabled={code.length !== 6}>{t('workspace.totpActivate')}</Button>
              </Group>
            </>
          )}
          {codes && (
            <>
              <Alert color="green">{t('workspace.totpActive')}</Alert>
              <Text size="sm">{t('workspace.totpRecovery')}</Text>
              <SimpleGrid cols={2} data-testid="recovery-codes">{codes.map((c) => <Code key={c}>{c}</Code>)}</SimpleGrid>
            </>
          )}
        </Stack>
      </Card>
  );
}
