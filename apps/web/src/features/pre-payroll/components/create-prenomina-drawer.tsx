import { useEffect, useState } from 'react';
import { Button, Drawer, MultiSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crearPrenominaBodySchema, type CrearPrenominaBody } from '@facturo/contract';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { FormDateInput } from '../../../shared/ui/form-date-input';
import { FormSelect } from '../../../shared/ui/form-select';
import { toastSuccess } from '../../../shared/ui/toasts';
import { activeEmployeesQuery, createPrenomina, prePayrollKeys } from '../api/pre-payroll-api';
import '../texts';

const FIELDS = ['tipoPago', 'metodoIsr', 'tipoNomina', 'fechaInicialPago', 'fechaFinalPago', 'fechaPago', 'numDiasPagados', 'periodicidad', 'empleados'] as const;
/** The periods the ISR tariffs of art. 96 cover (c_PeriodicidadPago). */
const PERIODOS = [
  { value: '01', days: '1' }, { value: '02', days: '7' }, { value: '03', days: '14' }, { value: '04', days: '15' }, { value: '10', days: '10' }, { value: '05', days: '30' },
];

interface FormValues extends Omit<CrearPrenominaBody, 'empleados'> { empleados: string[] }
const empty = (): FormValues => ({ tipoPago: 'ordinaria', metodoIsr: '96', tipoNomina: 'O', fechaInicialPago: '', fechaFinalPago: '', fechaPago: '', numDiasPagados: '15', periodicidad: '04', empleados: [] });

/** "Nueva prenómina": the period and who is paid (every active employee when none is picked). */
export function CreatePrenominaDrawer({ rfc, opened, onClose, onCreated }: { rfc: string; opened: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string[] | null>(null);
  const staff = useQuery({ ...activeEmployeesQuery(rfc), enabled: opened });
  const { control: typed, register, handleSubmit, reset, setError, setValue, watch, formState: { errors } } = useForm<FormValues, unknown, CrearPrenominaBody>({
    // The picker holds ids as text; none picked means every active employee (the API's default).
    resolver: zodResolver(z.custom<FormValues>().transform(({ empleados, ...rest }): z.input<typeof crearPrenominaBodySchema> => (empleados.length ? { ...rest, empleados: empleados.map(Number) } : rest))
      .pipe(crearPrenominaBodySchema)),
    defaultValues: empty(),
  });
  // The shared field components are typed for forms whose submitted values equal their fields.
  const control = typed as unknown as Control<FormValues>;
  useEffect(() => { if (opened) { reset(empty()); setFormError(null); } }, [opened, reset]);

  const save = useMutation({
    mutationFn: (v: CrearPrenominaBody) => createPrenomina(v),
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: prePayrollKeys.all(rfc) });
      toastSuccess(t('prePayroll.created'));
      onCreated(r.id);
    },
    onError: (e) => setFormError(setServerErrors(e, setError, FIELDS)),
  });

  const tipoPago = watch('tipoPago');
  const extraordinaria = tipoPago !== 'ordinaria';
  // Aguinaldo and PTU are paid in an extraordinary payroll (TipoNomina E, PeriodicidadPago 99).
  const pickKind = (v: string) => {
    if (v === 'ordinaria') { setValue('tipoNomina', 'O'); setValue('periodicidad', '04'); setValue('numDiasPagados', '15'); }
    else { setValue('tipoNomina', 'E'); setValue('periodicidad', '99'); setValue('numDiasPagados', v === 'aguinaldo' ? '15' : '1'); }
  };
  const people = (staff.data?.data ?? []).map((e) => ({ value: String(e.id), label: `${e.no_empleado} · ${e.nombre} ${e.apellido_paterno}` }));
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={t('prePayroll.newTitle')}>
      <form onSubmit={handleSubmit((v) => { setFormError(null); save.mutate(v); })} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} testId="prenomina-form-error" />
          <Controller control={control} name="tipoPago" render={({ field }) => (
            <SegmentedControl aria-label={t('prePayroll.form.tipoPago')} value={field.value} onChange={(v) => { field.onChange(v); pickKind(v); }}
              data={(['ordinaria', 'aguinaldo', 'ptu'] as const).map((k) => ({ value: k, label: t(`prePayroll.kinds.${k}`) }))} />
          )} />
          {extraordinaria ? (
            <>
              <Text size="sm" data-testid="prenomina-kind-hint">{t(`prePayroll.form.${tipoPago}Hint`)}</Text>
              <FormSelect control={control} name="metodoIsr" label={t('prePayroll.form.metodoIsr')} allowDeselect={false}
                description={t('prePayroll.form.metodoIsrHint')}
                data={[{ value: '96', label: t('prePayroll.metodos.96') }, { value: '174', label: t('prePayroll.metodos.174') }]} />
            </>
          ) : (
            <>
              <Controller control={control} name="tipoNomina" render={({ field }) => (
                <SegmentedControl aria-label={t('prePayroll.form.tipo')} value={field.value} onChange={field.onChange}
                  data={[{ value: 'O', label: t('prePayroll.tipo.O') }, { value: 'E', label: t('prePayroll.tipo.E') }]} />
              )} />
              <FormSelect control={control} name="periodicidad" label={t('prePayroll.form.periodicidad')} allowDeselect={false}
                data={PERIODOS.map((p) => ({ value: p.value, label: t(`prePayroll.periodos.${p.value}`) }))}
                onPicked={(v) => { const p = PERIODOS.find((x) => x.value === v); if (p) setValue('numDiasPagados', p.days); }} />
            </>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FormDateInput control={control} name="fechaInicialPago" label={t('prePayroll.form.fechaInicial')} withAsterisk />
            <FormDateInput control={control} name="fechaFinalPago" label={t('prePayroll.form.fechaFinal')} withAsterisk />
            <FormDateInput control={control} name="fechaPago" label={t('prePayroll.form.fechaPago')} withAsterisk />
            <TextInput label={t(tipoPago === 'aguinaldo' ? 'prePayroll.form.diasAguinaldo' : tipoPago === 'ptu' ? 'prePayroll.form.diasPtu' : 'prePayroll.form.dias')} inputMode="decimal" withAsterisk {...register('numDiasPagados')} error={errors.numDiasPagados?.message} />
          </SimpleGrid>
          <Controller control={control} name="empleados" render={({ field, fieldState }) => (
            <MultiSelect label={t('prePayroll.form.empleados')} description={t('prePayroll.form.empleadosHint')} searchable clearable
              data={people} value={field.value} onChange={field.onChange} error={fieldState.error?.message} nothingFoundMessage={t('prePayroll.form.noEmployees')} />
          )} />
          <Text size="xs" c="dimmed">{t(extraordinaria ? 'prePayroll.form.taxesHintExtra' : 'prePayroll.form.taxesHint')}</Text>
          <Button type="submit" loading={save.isPending}>{t('prePayroll.form.create')}</Button>
        </Stack>
      </form>
    </Drawer>
  );
}
