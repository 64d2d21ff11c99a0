import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileUpdateSchema, type Profile, type ProfileUpdateInput, type ProfileUpdateValues } from '@facturo/contract';
import { toastSuccess } from '../../../shared/ui/toasts';
import { applyServerErrors } from '../../auth/model/form-errors';
import { profileKeys, refreshSession, updateProfile } from '../api/profile-api';
import { toUpdateInput } from '../model/profile-form';

const fields = ['fullName', 'regimen', 'cp', 'estado', 'municipio', 'timeZone', 'phone', 'calle', 'numExterior', 'numInterior', 'colonia'] as const;

/**
 * The profile form each tab shows a part of: the whole PUT body (so a tab never erases another's
 * data), server field errors on their fields, and the session refreshed after saving.
 */
export function useProfileForm(profile: Profile) {
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
    onError: (err) => setFormError(applyServerErrors(err, form.setError, fields, t('toast.error.text'))),
  });
  const submit = form.handleSubmit((v) => {
    setFormError(null);
    mutation.mutate(v as ProfileUpdateInput);
  });
  return { form, submit, saving: mutation.isPending, formError };
}
