import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, type Profile } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { fieldError } from '../../../shared/api/format-api-error';
import { toastSuccess } from '../../../shared/ui/toasts';
import { useAuthedObjectUrl } from '../../../shared/api/authed-file';
import { avatarUrl, profileKeys, refreshSession, uploadAvatar } from '../api/profile-api';
import { useProfileForm } from './use-profile-form';
import { FormAlert } from '../../../shared/ui/form-alert';

const VISIBLE = ['fullName', 'phone'] as const;
/** The profile picture, fetched with the token (an <img> cannot send it) and shown from a blob URL. */
export function ProfileAvatar({ profile, size = 96 }: { profile: Profile; size?: number }) {
  const url = useAuthedObjectUrl(avatarUrl(profile.img));
  const initials = (profile.fullName ?? profile.rfc).split(/\s+/).slice(0, 2).map((w) => w[0]).join('');
  return (
    <Avatar src={url} size={size} radius="xl" color="indigo" data-testid="profile-avatar">
      {initials}
    </Avatar>
  );
}

/** Tab 0: name, phone, e-mail and the profile picture (≤ 1,000,000 bytes, PNG/JPG/WebP). */
export function GeneralInfoTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, saving, formError } = useProfileForm(profile, VISIBLE);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async (res) => {
      queryClient.setQueryData(profileKeys.profile(profile.rfc), { ...profile, img: res.img });
      await refreshSession();
      toastSuccess(res.message);
    },
    onError: (err) => setAvatarError(isApiError(err) ? (fieldError(err.body, 'avatar') ?? err.body.message ?? t('toast.error.text')) : t('toast.error.text')),
    onSettled: () => resetRef.current?.(),
  });
  useEffect(() => setAvatarError(null), [profile.img]);
  const pick = (file: File | null) => {
    if (!file) return;
    // Checked here too so a large photo is refused before it is sent; the API checks again.
    if (file.size > AVATAR_MAX_BYTES) return setAvatarError(t('profile.general.avatarTooLarge'));
    setAvatarError(null);
    upload.mutate(file);
  };
  const err = form.formState.errors;
  return (
    <Stack gap="lg">
      <Group align="center" gap="lg">
        <ProfileAvatar profile={profile} />
        <Stack gap={6}>
          <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp" resetRef={resetRef}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending} data-testid="avatar-button">
                {t('profile.general.changeAvatar')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('profile.general.avatarHint')}
          </Text>
          {avatarError && (
            <Text size="sm" c="red" data-testid="avatar-error">
              {avatarError}
            </Text>
          )}
        </Stack>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput label={t('profile.general.fullName')} {...form.register('fullName')} error={err.fullName?.message} />
            <TextInput label={t('profile.general.phone')} inputMode="tel" maxLength={10} {...form.register('phone')} error={err.phone?.message} />
            <TextInput label={t('profile.general.email')} value={profile.email} readOnly disabled />
            <TextInput label={t('profile.general.rfc')} value={profile.rfc} readOnly disabled />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
