import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconId, IconLock, IconMail } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { preRegisterSchema } from '@facturo/contract';
import { FullPage } from '../../../shared/ui/full-page';
import { toastSuccess } from '../../../shared/ui/toasts';
import { storageKeys } from '../../../shared/storage/storage-keys';
import { writeJson } from '../../../shared/storage/local-store';
import { preRegister } from '../api/auth-api';
import { applyServerErrors } from '../../../shared/api/form-server-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PasswordRules } from '../../../shared/password/password-rules';

type RegisterForm = z.input<typeof preRegisterSchema>;
type RegisterValues = z.output<typeof preRegisterSchema>;

/** Pre-registration (§2.7): RFC, email and password; then the emailed code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(preRegisterSchema),
    defaultValues: { rfc: '', email: '', password: '' },
    mode: 'onTouched',
  });
  const password = form.watch('password') ?? '';
  const mutation = useMutation({
    mutationFn: preRegister,
    onSuccess: (_res, v) => {
      // §9 "partial registration info": lets verify-account resume after a reload.
      writeJson(storageKeys.registerInfo, { rfc: v.rfc, email: v.email });
      toastSuccess(t('auth.register.sent'));
      navigate(`/verify-account?email=${encodeURIComponent(v.email)}`);
    },
    onError: (err) => setFormError(applyServerErrors(err, form.setError, ['rfc', 'email', 'password'], t('auth.register.failed'))),
  });
  const submit = form.handleSubmit((v) => {
    setFormError(null);
    mutation.mutate(v);
  });

  return (
    <FullPage title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <TextInput
            label={t('auth.rfc')}
            placeholder="XAXX010101000"
            leftSection={<IconId size={16} />}
            styles={{ input: { textTransform: 'uppercase' } }}
            maxLength={13}
            autoFocus
            {...form.register('rfc')}
            error={form.formState.errors.rfc?.message}
          />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            leftSection={<IconMail size={16} />}
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="new-password"
            leftSection={<IconLock size={16} />}
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <PasswordRules value={password} />
          <Button type="submit" loading={mutation.isPending} fullWidth mt="xs">
            {t('auth.register.submit')}
          </Button>
          <Text ta="center" size="sm">
            {t('auth.register.haveAccount')}{' '}
            <Anchor component={Link} to="/login">
              {t('auth.register.login')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </FullPage>
  );
}
