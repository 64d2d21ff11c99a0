import { Button, Card, Checkbox, Group, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CatalogOption, EmployeeCatalogs } from '@facturo/contract';
import type { EmployeeFormValues } from '../model/employee-form';
import { FormDateInput } from '../../../shared/ui/form-date-input';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { toastSuccess } from '../../../shared/ui/toasts';
import { setEmployeeSalary } from '../api/employees-api';

type Field = keyof EmployeeFormValues;
const upper = (e: React.FormEvent<HTMLInputElement>) => { e.currentTarget.value = e.currentTarget.value.toUpperCase(); };
const asOptions = (list: CatalogOption[] | undefined) => (list ?? []).map((o) => ({ value: o.clave, label: `${o.clave} - ${o.descripcion}` }));

function useField() {
  const { t } = useTranslation();
  const { register, control, formState: { errors } } = useFormContext<EmployeeFormValues>();
  const error = (f: Field) => (errors[f] as { message?: string } | undefined)?.message;
  const text = (f: Field, extra: Partial<React.ComponentProps<typeof TextInput>> = {}) => (
    <TextInput label={t(`employees.form.${f}`)} {...register(f)} error={error(f)} {...extra} />
  );
  const select = (f: Field, data: CatalogOption[] | undefined, required = true) => (
    <Controller control={control} name={f} render={({ field }) => (
      <Select label={t(`employees.form.${f}`)} searchable clearable={!required} data={asOptions(data)} value={(field.value as string) || null}
        onChange={(v) => field.onChange(v ?? '')} error={error(f)} nothingFoundMessage={t('employees.form.nothingFound')} />
    )} />
  );
  return { t, text, select, control };
}

/** Datos personales: identity of the worker as the CFDI receptor (RFC, CURP, NSS, CP fiscal). */
export function PersonalSection() {
  const { t, text } = useField();
  return (
    <Card withBorder radius="md">
      <Title order={4} mb="sm">{t('employees.sections.personal')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {text('nombre', { autoFocus: true })}
        {text('apellido_paterno')}
        {text('apellido_materno')}
        {text('rfc', { onInput: upper, maxLength: 13 })}
        {text('curp', { onInput: upper, maxLength: 18 })}
        {text('nss', { inputMode: 'numeric', maxLength: 11 })}
        {text('cp', { inputMode: 'numeric', maxLength: 5, description: t('employees.form.cpHint') })}
        {text('email', { type: 'email', maxLength: 254, description: t('employees.form.emailHint') })}
      </SimpleGrid>
    </Card>
  );
}

/** Datos laborales: the Nómina 1.2 receptor data (contract, jornada, régimen, periodicidad, risk, entity). */
export function LaborSection({ catalogs }: { catalogs: EmployeeCatalogs | undefined }) {
  const { t, text, select, control } = useField();
  return (
    <Card withBorder radius="md">
      <Title order={4} mb="sm">{t('employees.sections.labor')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {text('no_empleado')}
        {text('puesto')}
        {text('departamento')}
        <FormDateInput control={control} name="fecha_inicio" label={t('employees.form.fecha_inicio')} />
        {select('tipo_contrato', catalogs?.tipoContrato)}
        {select('tipo_jornada', catalogs?.jornada, false)}
        {select('tipo_regimen', catalogs?.regimen)}
        {select('periodo', catalogs?.periodo)}
        {select('riesgo_puesto', catalogs?.riesgos, false)}
        {select('entidad', catalogs?.entidades)}
        <Controller control={control} name="sindicalizado" render={({ field }) => (
          <Checkbox mt="xl" label={t('employees.form.sindicalizado')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
        )} />
      </SimpleGrid>
    </Card>
  );
}

/** Salario and bank: salario diario, SDI (computed when blank) and where the pay goes. */
export function SalarySection({ catalogs, employeeId }: { catalogs: EmployeeCatalogs | undefined; employeeId?: number }) {
  const { t, text, select } = useField();
  const { getValues, setValue, setError, clearErrors } = useFormContext<EmployeeFormValues>();
  // Edit page only (spec §7.10 "set salary"): stores the salario diario and the SDI the API integrates with
  // the LSS art. 27 factor, without saving the rest of the form.
  const salary = useMutation({
    mutationFn: () => setEmployeeSalary(employeeId!, { salario_diario: getValues('salario_diario').trim(), salario_base: null }),
    onSuccess: (r) => {
      clearErrors(['salario_diario', 'salario_base']);
      setValue('salario_diario', r.employee.salario_diario);
      setValue('salario_base', r.employee.salario_base);
      toastSuccess(r.calculado && r.factor ? t('employees.form.sdiComputed', { factor: r.factor }) : t('employees.form.salarySaved'));
    },
    onError: (e) => {
      const rest = setServerErrors(e, setError, ['salario_diario', 'salario_base']);
      if (rest?.length) setError('salario_diario', { type: 'server', message: rest.join(' ') });
    },
  });
  return (
    <Card withBorder radius="md">
      <Title order={4} mb="sm">{t('employees.sections.salary')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('salario_diario', { inputMode: 'decimal', leftSection: '$' })}
        {text('salario_base', { inputMode: 'decimal', leftSection: '$', description: t('employees.form.sdiHint') })}
        {select('banco', catalogs?.bancos, false)}
        {text('cuenta_bancaria', { inputMode: 'numeric', maxLength: 18, description: t('employees.form.cuentaHint') })}
      </SimpleGrid>
      {employeeId !== undefined && (
        <Group mt="sm">
          <Button variant="light" size="xs" leftSection={<IconCalculator size={14} />} loading={salary.isPending} onClick={() => salary.mutate()}
            data-testid="compute-sdi">
            {t('employees.form.computeSdi')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
