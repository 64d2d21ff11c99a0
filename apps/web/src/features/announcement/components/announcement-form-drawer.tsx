import { useEffect, useState } from 'react';
import { Button, Drawer, SegmentedControl, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { announcementInputSchema, type Announcement, type AnnouncementInput } from '@facturo/contract';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { toastSuccess } from '../../../shared/ui/toasts';
import { announcementKeys, publishAnnouncement, updateAnnouncement } from '../api/announcements-api';

const FIELDS = ['kind', 'title', 'body', 'link'] as const;
const empty: AnnouncementInput = { kind: 'producto', title: '', body: '', link: '' };

/** The administrator's panel to publish or edit one announcement (role 1 only; the API refuses anyone else). */
export function AnnouncementFormDrawer({ rfc, opened, announcement, onClose }: {
  rfc: string; opened: boolean; announcement?: Announcement; onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string[] | null>(null);
  const { control, register, handleSubmit, reset, setError, formState: { errors } } = useForm<AnnouncementInput>({
    resolver: zodResolver(announcementInputSchema) as never,
    defaultValues: empty,
  });

  useEffect(() => {
    if (!opened) return;
    reset(announcement ? { kind: announcement.kind, title: announcement.title, body: announcement.body, link: announcement.link ?? '' } : empty);
    setFormError(null);
  }, [opened, announcement, reset]);

  const save = useMutation({
    mutationFn: (v: AnnouncementInput) => (announcement ? updateAnnouncement(announcement.id, v) : publishAnnouncement(v)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: announcementKeys.all(rfc) });
      toastSuccess(announcement ? t('announcements.form.updated') : t('announcements.form.published'));
      onClose();
    },
    onError: (e) => setFormError(setServerErrors(e, setError, FIELDS)),
  });

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg"
      title={announcement ? t('announcements.form.editTitle') : t('announcements.form.newTitle')}>
      <form onSubmit={handleSubmit((v) => { setFormError(null); save.mutate(v); })} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} testId="announcement-form-error" />
          <Controller control={control} name="kind" render={({ field }) => (
            <SegmentedControl value={field.value} onChange={field.onChange} aria-label={t('announcements.form.kind')}
              data={[{ value: 'producto', label: t('announcements.kinds.producto') }, { value: 'sat', label: t('announcements.kinds.sat') }]} />
          )} />
          <TextInput label={t('announcements.form.title')} withAsterisk {...register('title')} error={errors.title?.message} />
          <Textarea label={t('announcements.form.body')} withAsterisk autosize minRows={5} {...register('body')} error={errors.body?.message} />
          <TextInput label={t('announcements.form.link')} description={t('announcements.form.linkHint')} {...register('link')} error={errors.link?.message} />
          <Button type="submit" loading={save.isPending}>{announcement ? t('announcements.form.save') : t('announcements.form.publish')}</Button>
        </Stack>
      </form>
    </Drawer>
  );
}
