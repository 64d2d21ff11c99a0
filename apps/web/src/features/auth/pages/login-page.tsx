import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginSchema, type LoginInput } from '@facturo/contract';
import { FullPage } from '../../../shared/ui/full-page';
import { login } from '../api/auth-api';
import { afterLogin } from '../model/after-login';
import { applyServerErrors } from '../../../shared/api/form-server-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { isApiError } from '../../../shared/api/api-error';

/** Login with RFC or email (§2.7); also served at /login-2 and /login-3. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  // Issue 26 §7: with two-factor sign-in on, the API asks for the code after the password.
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '', remember: false } });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (res) => navigate(afterLogin(res), { replace: true }),
    onError: (err) => {
      if (isApiError(err) && err.body.errors?.code) setNeedsCode(true);
      setFormError(applyServerErrors(err, form.setError, ['username', 'password', 'code'], t('auth.login.failed')));
    },
  });
  const submit = form.handleSubmit((v) => {
    setFormError(null);
    mutation.mutate(v);
  });

  return (
    <FullPage title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <TextInput
            label={t('auth.rfcOrEmail')}
            placeholder={t('auth.rfcOrEmailPlaceholder')}
            leftSection={<IconUser size={16} />}
            autoComplete="username"
            autoFocus
            {...form.register('username')}
            error={form.formState.errors.username?.message}
          />
          <PasswordInput
            label={t('auth.password')}
            leftSection={<IconLock size={16} />}
            autoComplete="current-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          {needsCode && (
            <TextInput
              label={t('workspace.totpCode')}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              {...form.register('code')}
              error={form.formState.errors.code?.message}
            />
          )}
          <Group justify="space-between">
            <Checkbox label={t('auth.remember')} {...form.register('remember')} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={mutation.isPending} fullWidth mt="xs">
            {t('auth.login.submit')}
          </Button>
          <Text ta="center" size="sm">
            {t('auth.login.noAccount')}{' '}
            <Anchor component={Link} to="/register">
              {t('auth.login.register')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </FullPage>
  );
}
