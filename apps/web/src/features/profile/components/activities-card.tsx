import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { activityInputSchema, type ActivityInput } from '@facturo/contract';
import { activitiesQuery, addActivity, deleteActivity } from '../api/profile-api';
import { FiscalItemsCard } from './fiscal-items-card';
import { formatDay } from '../../../shared/format/dates';

const fields = ['name', 'percentage', 'init_date', 'end_date'] as const;

/** Economic activities (name, percentage, init_date, end_date): from the constancia or entered by hand. */
export function ActivitiesCard({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const form = useForm<ActivityInput>({ resolver: zodResolver(activityInputSchema), defaultValues: { name: '', percentage: 100, init_date: '', end_date: '' } });
  const err = form.formState.errors;
  return (
    <FiscalItemsCard
      rfc={rfc}
      area="activities"
      query={activitiesQuery}
      form={form}
      fields={fields}
      add={addActivity}
      remove={deleteActivity}
      inputs={
        <>
          <TextInput label={t('profile.activities.name')} {...form.register('name')} error={err.name?.message} />
          <TextInput type="number" min={1} max={100} label={t('profile.activities.percentage')} {...form.register('percentage')} error={err.percentage?.message} />
          <TextInput type="date" label={t('profile.items.initDate')} {...form.register('init_date')} error={err.init_date?.message} />
          <TextInput type="date" label={t('profile.items.endDate')} {...form.register('end_date')} error={err.end_date?.message} />
        </>
      }
      columns={[
        { head: t('profile.activities.name'), cell: (a) => a.name },
        { head: t('profile.activities.percentage'), cell: (a) => `${a.percentage} %` },
        { head: t('profile.items.initDate'), cell: (a) => formatDay(a.init_date) },
        { head: t('profile.items.endDate'), cell: (a) => formatDay(a.end_date) },
      ]}
    />
  );
}
