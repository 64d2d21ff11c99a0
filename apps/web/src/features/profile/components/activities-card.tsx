import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { activityInputSchema, type ActivityInput } from '@facturo/contract';
import { activitiesQuery, addActivity, deleteActivity } from '../api/profile-api';
import { FiscalItemsCard } from './fiscal-items-card';
import { formatDay } from '../../../shared/format/dates';
import { FormDateInput } from '../../../shared/ui/form-date-input';

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
          <FormDateInput control={form.control} name="init_date" label={t('profile.items.initDate')} />
          <FormDateInput control={form.control} name="end_date" label={t('profile.items.endDate')} />
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
