import { useState } from 'react';
import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { verificationCodeSchema } from '@facturo/contract';
import { FullPage } from '../../../shared/ui/full-page';
import { toastSuccess } from '../../../shared/ui/toasts';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { storageKeys } from '../../../shared/storage/storage-keys';
import { readJson } from '../../../shared/storage/local-store';
import { resendVerificationCode, verifyAccount } from '../api/auth-api';
import { afterLogin } from '../model/after-login';
import { FormAlert } from '../../../shared/ui/form-alert';
import { formatCountdown, useCooldown } from '../../../shared/ui/use-cooldown';

/** Seconds between two code e-mails: the page opens right after one was sent. */
export const RESEND_COOLDOWN_SECONDS = 60;

function errorText(err: unknown, fallback: string): string | null {
  if (isApiError(err) && err.status === 429) return null; // the interceptor toast covers it
  const lines = isApiError(err) ? formatApiErrorLines(err.body) : [];
  return lines.length ? lines.join('\n') : fallback;
}

/** Account verification with the 6-digit emailed code (§2.7); success logs the user in. */
export function VerifyAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? readJson<{ email?: string } | null>(storageKeys.registerInfo, null)?.email ?? '';
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, true);

  const verify = useMutation({
    mutationFn: verifyAccount,
    onSuccess: (res) => navigate(afterLogin(res), { replace: true }),
    onError: (err) => setError(errorText(err, t('auth.verify.failed'))),
  });
  const resend = useMutation({
    mutationFn: () => resendVerificationCode(email),
    onSuccess: () => {
      cooldown.start();
      toastSuccess(t('auth.verify.resent'));
    },
    onError: (err) => setError(errorText(err, t('auth.verify.failed'))),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = verificationCodeSchema.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t('auth.verify.failed'));
    setError(null);
    verify.mutate({ email, code: parsed.data });
  };

  if (!email) {
    return (
      <FullPage title={t('auth.verify.title')}>
        <FormAlert message={t('auth.verify.noEmail')} />
        <Anchor component={Link} to="/register" ta="center">
          {t('auth.login.register')}
        </Anchor>
      </FullPage>
    );
  }

  return (
    <FullPage title={t('auth.verify.title')} subtitle={t('auth.verify.subtitle', { email })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={error} />
          <Text size="sm" fw={500}>
            {t('auth.verify.code')}
          </Text>
          <Group justify="center">
            <PinInput length={6} type="number" oneTimeCode size="lg" value={code} onChange={setCode} aria-label={t('auth.verify.code')} autoFocus />
          </Group>
          <Button type="submit" loading={verify.isPending} fullWidth>
            {t('auth.verify.submit')}
          </Button>
          <Button variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending} disabled={cooldown.remaining > 0}
            data-testid="resend-code">
            {cooldown.remaining > 0 ? t('auth.verify.resendIn', { time: formatCountdown(cooldown.remaining) }) : t('auth.verify.resend')}
          </Button>
        </Stack>
      </form>
    </FullPage>
  );
}
