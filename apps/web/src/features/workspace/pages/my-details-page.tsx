import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { FormAlert } from '../../../shared/ui/form-alert';
import { FormSelect } from '../../../shared/ui/form-select';
import { toastSuccess } from '../../../shared/ui/toasts';
import { PasswordRules } from '../../../shared/password/password-rules';
import { applyServerErrors } from '../../../shared/api/form-server-errors';
import { changeMyPassword, meQuery, requestEmailChange, updateMe } from '../api/workspace-api';
import {
  emailFormSchema, emptyEmailForm, emptyPasswordForm, languageOptions, passwordFormSchema, personFormSchema,
  type EmailForm, type PasswordForm, type PersonForm,
} from '../model/my-details-form';
import { TwoFactorCard } from '../components/two-factor-card';
import '../texts';

/**
 * Issue 26 §8, decision 315: «Mis datos», the signed-in person's own settings — name, language of its e-mails,
 * password and second factor — apart from the fiscal profile of the account it works in (/profile).
 */
export function MyDetailsPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader title={t('workspace.myDetails')} />
      <Text c="dimmed" size="sm" maw={640}>{t('workspace.myDetailsIntro')}</Text>
      <PersonCard />
      <EmailCard />
      <PasswordCard />
      <TwoFactorCard title={t('workspace.security')} />
    </Stack>
  );
}

function PersonCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const me = useQuery(meQuery());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PersonForm>({ resolver: zodResolver(personFormSchema), defaultValues: { nombre: '', idioma: 'es' } });
  const { reset } = form;
  useEffect(() => {
    if (me.data) reset({ nombre: me.data.nombre ?? '', idioma: me.data.idioma });
  }, [me.data, reset]);
  const mutation = useMutation({
    mutationFn: updateMe,
    onSuccess: (data) => {
      qc.setQueryData(meQuery().queryKey, data);
      toastSuccess(t('workspace.myDetailsSaved'));
    },
    onError: (err) => setFormError(applyServerErrors(err, form.setError, ['nombre', 'idioma'], t('toast.error.text'))),
  });
  return (
    <Card withBorder maw={640} data-testid="person-card">
      <form noValidate onSubmit={form.handleSubmit((v) => { setFormError(null); mutation.mutate(v); })}>
        <Stack gap="sm">
          <Title order={4}>{t('workspace.personalData')}</Title>
          <FormAlert message={formError} />
          <TextInput label={t('workspace.email')} value={me.data?.email ?? ''} readOnly description={t('workspace.emailHelp')} />
          <TextInput label={t('workspace.name')} autoComplete="name" {...form.register('nombre')} error={form.formState.errors.nombre?.message} />
          <FormSelect control={form.control} name="idioma" label={t('workspace.emailLanguage')} data={languageOptions}
            allowDeselect={false} description={t('workspace.emailLanguageHelp')} />
          <Group>
            <Button type="submit" loading={mutation.isPending} disabled={!me.data}>{t('workspace.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordForm>({ resolver: zodResolver(passwordFormSchema), defaultValues: emptyPasswordForm });
  const mutation = useMutation({
    mutationFn: (v: PasswordForm) => changeMyPassword(v.actual, v.nueva),
    onSuccess: (message) => {
      toastSuccess(message);
      form.reset(emptyPasswordForm);
    },
    onError: (err) => setFormError(applyServerErrors(err, form.setError, ['actual', 'nueva'], t('toast.error.text'))),
  });
  const err = form.formState.errors;
  return (
    <Card withBorder maw={640} data-testid="password-card">
      <form noValidate onSubmit={form.handleSubmit((v) => { setFormError(null); mutation.mutate(v); })}>
        <Stack gap="sm">
          <Title order={4}>{t('workspace.passwordTitle')}</Title>
          <Text size="sm" c="dimmed">{t('workspace.passwordText')}</Text>
          <FormAlert message={formError} />
          <PasswordInput label={t('workspace.currentPassword')} autoComplete="current-password" {...form.register('actual')} error={err.actual?.message} />
          <PasswordInput label={t('workspace.newPassword')} autoComplete="new-password" {...form.register('nueva')} error={err.nueva?.message} />
          <PasswordRules value={form.watch('nueva')} />
          <PasswordInput label={t('workspace.confirmPassword')} autoComplete="new-password" {...form.register('confirmacion')} error={err.confirmacion?.message} />
          <Group>
            <Button type="submit" loading={mutation.isPending}>{t('workspace.changePassword')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A new address is used only once the link mailed to it is opened (/confirmar-correo/…). */
function EmailCard() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<EmailForm>({ resolver: zodResolver(emailFormSchema), defaultValues: emptyEmailForm });
  const mutation = useMutation({
    mutationFn: (v: EmailForm) => requestEmailChange(v.email, v.actual),
    onSuccess: (res) => {
      setSent(res.message);
      form.reset(emptyEmailForm);
    },
    onError: (err) => setFormError(applyServerErrors(err, form.setError, ['email', 'actual'], t('toast.error.text'))),
  });
  const err = form.formState.errors;
  return (
    <Card withBorder maw={640} data-testid="email-card">
      <form noValidate onSubmit={form.handleSubmit((v) => { setFormError(null); setSent(null); mutation.mutate(v); })}>
        <Stack gap="sm">
          <Title order={4}>{t('workspace.emailTitle')}</Title>
          <Text size="sm" c="dimmed">{t('workspace.emailText')}</Text>
          <FormAlert message={formError} />
          {sent && <Alert color="blue" data-testid="email-sent">{sent}</Alert>}
          <TextInput label={t('workspace.newEmail')} type="email" autoComplete="email" {...form.register('email')} error={err.email?.message} />
          <PasswordInput label={t('workspace.currentPassword')} autoComplete="current-password" {...form.register('actual')} error={err.actual?.message} />
          <Group>
            <Button type="submit" variant="light" loading={mutation.isPending}>{t('workspace.changeEmail')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
