import { useEffect, useState } from 'react';
import { Anchor, Button, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCalculator, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { employeeInputSchema, type EmployeeValues, type PayrollCalculation } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { toastSuccess } from '../../../shared/ui/toasts';
import {
  createEmployee, employeeCatalogsQuery, employeeEditQuery, employeeKeys, previewUnsaved, updateEmployee,
} from '../api/employees-api';
import { CalculationPanel } from '../components/calculation-panel';
import { ConceptsSection } from '../components/concepts-section';
import { LaborSection, PersonalSection, SalarySection } from '../components/employee-fields';
import { EMPLOYEE_FIELDS, emptyEmployeeForm, employeeToForm, formToInput, type EmployeeFormValues } from '../model/employee-form';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { FormAlert } from '../../../shared/ui/form-alert';

// The contract's schema judges what the API will receive, so the page and the API agree on every message.
const formSchema = z.custom<EmployeeFormValues>().transform(formToInput).pipe(employeeInputSchema);

/** /employees/create and /employees/edit/{id} (spec §2.1, §7.10): sections, concept tables and the ISR/IMSS preview. */
export function EmployeeFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const rfc = useSession().user?.username ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const catalogs = useQuery(employeeCatalogsQuery());
  const existing = useQuery({ ...employeeEditQuery(rfc, id ?? 0), enabled: id !== undefined });
  const [formError, setFormError] = useState<string[] | null>(null);
  const [calc, setCalc] = useState<PayrollCalculation | null>(null);
  const form = useForm<EmployeeFormValues, unknown, EmployeeValues>({ resolver: zodResolver(formSchema), defaultValues: emptyEmployeeForm() });
  const { handleSubmit, reset, setError } = form;

  useEffect(() => {
    if (existing.data) reset(employeeToForm(existing.data));
  }, [existing.data, reset]);

  const onServerError = (e: unknown) => {
    const lines = setServerErrors(e, setError, EMPLOYEE_FIELDS, { nested: false });
    setFormError(lines && lines.length ? lines : null);
  };

  const save = useMutation({
    mutationFn: (v: EmployeeValues) => (id ? updateEmployee(id, v) : createEmployee(v)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all(rfc) });
      toastSuccess(id ? t('employees.saved.updated') : t('employees.saved.created'));
      void navigate('/employees');
    },
    onError: onServerError,
  });
  const preview = useMutation({
    mutationFn: (v: EmployeeValues) => previewUnsaved(v),
    onSuccess: (r) => setCalc(r.calculo),
    onError: onServerError,
  });

  if (id !== undefined && existing.isPending) return <Loader size="sm" />;
  if (id !== undefined && existing.isError) return <Text c="red">{t('employees.notFound')}</Text>;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit((v) => { setFormError(null); save.mutate(v); })}>
        <Stack gap="md">
          <Group justify="space-between">
            <div>
              <Anchor component={Link} to="/employees" size="sm">{t('employees.form.back')}</Anchor>
              <Title order={2}>{id ? t('employees.form.editTitle') : t('employees.form.newTitle')}</Title>
            </div>
          </Group>
          <FormAlert message={formError} testId="employee-form-error" />
          <PersonalSection />
          <LaborSection catalogs={catalogs.data} />
          <SalarySection catalogs={catalogs.data} employeeId={id} />
          <ConceptsSection kind="percepciones" catalogs={catalogs.data} employeeId={id} />
          <ConceptsSection kind="deducciones" catalogs={catalogs.data} employeeId={id} />
          <ConceptsSection kind="otrosPagos" catalogs={catalogs.data} employeeId={id} />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/employees">{t('employees.form.cancel')}</Button>
            <Button variant="light" leftSection={<IconCalculator size={16} />} loading={preview.isPending}
              onClick={() => void handleSubmit((v) => { setFormError(null); preview.mutate(v); })()}>
              {t('employees.form.calculate')}
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>{t('employees.form.save')}</Button>
          </Group>
        </Stack>
      </form>
      <Drawer opened={calc !== null} onClose={() => setCalc(null)} position="right" size="md" title={t('employees.calc.title')}>
        {calc && <CalculationPanel calc={calc} />}
      </Drawer>
    </FormProvider>
  );
}
