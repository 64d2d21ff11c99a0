import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileUpdateSchema, type Profile, type ProfileUpdateInput, type ProfileUpdateValues } from '@facturo/contract';
import { toastSuccess } from '../../../shared/ui/toasts';
import { applyServerErrors } from '../../../shared/api/form-server-errors';
import { profileKeys, refreshSession, updateProfile } from '../api/profile-api';
import { toUpdateInput } from '../model/profile-form';

export type ProfileField = keyof ProfileUpdateInput;

/**
 * The profile form each tab shows a part of: the whole PUT body (so a tab never erases another's
 * data), server errors on the tab's `visible` fields (any other in the form-level alert), and the
 * session refreshed after saving.
 */
export function useProfileForm(profile: Profile, visible: readonly ProfileField[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdateValues>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: toUpdateInput(profile),
  });
  const { reset } = form;
  useEffect(() => reset(toUpdateInput(profile)), [profile, reset]);
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKeys.profile(saved.rfc), saved);
      await refreshSession();
      toastSuccess(t('profile.saved'));
    },
    onError: (err) => setFormError(applyServerErrors(err, form.setError, visible, t('toast.error.text'))),
  });
  const submit = form.handleSubmit(
    () => {
      setFormError(null);
      // The raw strings are sent (the API applies the same schema); parsed output has nulls.
      mutation.mutate(form.getValues());
    },
    (errors) => {
      // A field this tab does not show cannot display its error: say it above the form.
      const hidden = Object.entries(errors).filter(([k]) => !(visible as readonly string[]).includes(k));
      setFormError(hidden.length ? hidden.map(([, e]) => e?.message ?? '').join('\n') : null);
    },
  );
  return { form, submit, saving: mutation.isPending, formError };
}
