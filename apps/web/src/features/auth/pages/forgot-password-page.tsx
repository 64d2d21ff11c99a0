import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { resetPasswordSchema, sendResetCodeSchema } from '@facturo/contract';
import { FullPage } from '../../../shared/ui/full-page';
import { toastSuccess } from '../../../shared/ui/toasts';
import { resetPassword, sendResetCode } from '../api/auth-api';
import { applyServerErrors } from '../../../shared/api/form-server-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PasswordRules } from '../../../shared/password/password-rules';

type EmailForm = z.input<typeof sendResetCodeSchema>;
type ResetForm = z.input<typeof resetPasswordSchema>;
type ResetValues = z.output<typeof resetPasswordSchema>;

function SendCodeStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EmailForm, unknown, z.output<typeof sendResetCodeSchema>>({ resolver: zodResolver(sendResetCodeSchema), defaultValues: { email: '' } });
  const mutation = useMutation({
    mutationFn: (email: string) => sendResetCode(email),
    onSuccess: (_r, email) => onSent(email),
    onError: (err) => setFormError(applyServerErrors(err, form.setError, ['email'], t('auth.forgotPassword.failed'))),
  });
  return (
    <form onSubmit={form.handleSubmit((v) => mutation.mutate(v.email))} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput label={t('auth.email')} type="email" leftSection={<IconMail size={16} />} autoFocus {...form.register('email')} error={form.formState.errors.email?.message} />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {t('auth.forgotPassword.send')}
        </Button>
      </Stack>
    </form>
  );
}

function ResetStep({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetForm, unknown, ResetValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email, code: '', password: '', password_confirmation: '' },
  });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      toastSuccess(t('auth.forgotPassword.done'));
      navigate('/login', { replace: true });
    },
    onError: (err) =>
      setFormError(applyServerErrors(err, form.setError, ['code', 'password', 'password_confirmation', 'email'], t('auth.forgotPassword.failed'))),
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit((v) => mutation.mutate(v))} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput label={t('auth.forgotPassword.code')} inputMode="numeric" maxLength={6} autoFocus {...form.register('code')} error={e.code?.message} />
        <PasswordInput label={t('auth.forgotPassword.newPassword')} autoComplete="new-password" {...form.register('password')} error={e.password?.message} />
        <PasswordInput label={t('auth.passwordConfirmation')} autoComplete="new-password" {...form.register('password_confirmation')} error={e.password_confirmation?.message} />
        <PasswordRules value={form.watch('password') ?? ''} />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {t('auth.forgotPassword.reset')}
        </Button>
      </Stack>
    </form>
  );
}

/** Password recovery (§2.3, also at /pages/authentication/forgot-password-v2): send code, then reset. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <FullPage
      title={email ? t('auth.forgotPassword.resetTitle') : t('auth.forgotPassword.title')}
      subtitle={email ? t('auth.forgotPassword.resetSubtitle', { email }) : t('auth.forgotPassword.subtitle')}
    >
      {email ? <ResetStep email={email} /> : <SendCodeStep onSent={setEmail} />}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('auth.forgotPassword.back')}
      </Anchor>
    </FullPage>
  );
}
