import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { obligationInputSchema, type ObligationInput } from '@facturo/contract';
import { addObligation, deleteObligation, obligationsQuery } from '../api/profile-api';
import { FiscalItemsCard } from './fiscal-items-card';
import { formatDay } from '../../../shared/format/dates';
import { FormDateInput } from '../../../shared/ui/form-date-input';

const fields = ['descripcion', 'vencimiento', 'init_date', 'end_date'] as const;

/** Fiscal obligations (descripcion, vencimiento): from the constancia or entered by hand. */
export function ObligationsCard({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const form = useForm<ObligationInput>({ resolver: zodResolver(obligationInputSchema), defaultValues: { descripcion: '', vencimiento: '', init_date: '', end_date: '' } });
  const err = form.formState.errors;
  return (
    <FiscalItemsCard
      rfc={rfc}
      area="obligations"
      query={obligationsQuery}
      form={form}
      fields={fields}
      add={addObligation}
      remove={deleteObligation}
      inputs={
        <>
          <TextInput label={t('profile.obligations.descripcion')} {...form.register('descripcion')} error={err.descripcion?.message} />
          <TextInput label={t('profile.obligations.vencimiento')} {...form.register('vencimiento')} error={err.vencimiento?.message} />
          <FormDateInput control={form.control} name="init_date" label={t('profile.items.initDate')} />
          <FormDateInput control={form.control} name="end_date" label={t('profile.items.endDate')} />
        </>
      }
      columns={[
        { head: t('profile.obligations.descripcion'), cell: (o) => o.descripcion },
        { head: t('profile.obligations.vencimiento'), cell: (o) => o.vencimiento },
        { head: t('profile.items.initDate'), cell: (o) => formatDay(o.init_date) },
      ]}
    />
  );
}
