import { useState } from 'react';
import { Button, Drawer, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePasswordInput } from '@facturo/contract';
import { toastSuccess } from '../../../shared/ui/toasts';
import { PasswordRules } from '../../../shared/password/password-rules';
import { applyServerErrors } from '../../../shared/api/form-server-errors';
import { changePassword, refreshSession } from '../api/profile-api';
import { FormAlert } from '../../../shared/ui/form-alert';

const fields = ['current_password', 'password', 'password_confirmation'] as const;

/** Side panel to change the password (§5 rules); the other sessions end and this one gets a fresh token. */
export function PasswordDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async (res) => {
      await refreshSession(res.access_token);
      toastSuccess(res.message);
      form.reset();
      onClose();
    },
    onError: (err) => setFormError(applyServerErrors(err, form.setError, fields, t('toast.error.text'))),
  });
  const err = form.formState.errors;
  const password = form.watch('password');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('profile.password.title')} data-testid="drawer-password">
      <form
        onSubmit={form.handleSubmit((v) => {
          setFormError(null);
          mutation.mutate(v);
        })}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('profile.password.text')}
          </Text>
          <FormAlert message={formError} />
          <PasswordInput label={t('profile.password.current')} autoComplete="current-password" {...form.register('current_password')} error={err.current_password?.message} />
          <PasswordInput label={t('profile.password.new')} autoComplete="new-password" {...form.register('password')} error={err.password?.message} />
          <PasswordRules value={password} />
          <PasswordInput label={t('profile.password.confirm')} autoComplete="new-password" {...form.register('password_confirmation')} error={err.password_confirmation?.message} />
          <Button type="submit" loading={mutation.isPending}>
            {t('profile.password.submit')}
          </Button>
        </Stack>
      </form>
    </Drawer>
  );
}
