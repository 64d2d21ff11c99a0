import { useState } from 'react';
import { Button, Card, Group, Loader, Pagination, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Employee } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { PerPageSelect, usePerPage } from '../../../shared/ui/per-page';
import { toastSuccess } from '../../../shared/ui/toasts';
import { deleteEmployee, employeeKeys, employeesQuery, toggleEmployee, type EmployeesListQuery } from '../api/employees-api';
import { EmployeePreviewDrawer } from '../components/employee-preview-drawer';
import { EmployeesTable } from '../components/employees-table';

const SCREEN = 'employees';

/** /employees (spec §2.7, §7.10): search, estatus filter, page size, enable/disable after a confirmation, preview. */
export function EmployeesPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [perPage, setPerPage] = usePerPage(SCREEN);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [estatus, setEstatus] = useState<EmployeesListQuery['estatus']>('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [previewing, setPreviewing] = useState<Employee | null>(null);
  const list = useQuery(employeesQuery(rfc, { page, perPage, search: debounced, estatus }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: employeeKeys.all(rfc) });

  const toggle = useMutation({
    mutationFn: (e: Employee) => toggleEmployee(e.id),
    onSuccess: async (r) => {
      toastSuccess(r.message);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (e: Employee) => deleteEmployee(e.id),
    onSuccess: async (r) => {
      toastSuccess(r.message);
      await refresh();
    },
  });

  // Spec §4: dar de baja and reactivar each ask for a confirmation first.
  const confirmToggle = (e: Employee) => {
    const key = e.estatus === 1 ? 'disable' : 'enable';
    modals.openConfirmModal({
      title: t(`employees.confirm.${key}.title`),
      children: <Text size="sm">{t(`employees.confirm.${key}.text`, { name: e.nombre_completo })}</Text>,
      labels: { confirm: t(`employees.confirm.${key}.confirm`), cancel: t('employees.confirm.cancel') },
      confirmProps: { color: e.estatus === 1 ? 'orange' : 'teal' },
      onConfirm: () => toggle.mutate(e),
    });
  };
  const confirmDelete = (e: Employee) =>
    modals.openConfirmModal({
      title: t('employees.confirm.delete.title'),
      children: <Text size="sm">{t('employees.confirm.delete.text', { name: e.nombre_completo })}</Text>,
      labels: { confirm: t('employees.confirm.delete.confirm'), cancel: t('employees.confirm.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(e),
    });

  const total = list.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('employees.title')}</Title>
        <Button component={Link} to="/employees/create" leftSection={<IconPlus size={16} />}>{t('employees.new')}</Button>
      </Group>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="sm">
              <TextInput leftSection={<IconSearch size={16} />} placeholder={t('employees.searchPlaceholder')} aria-label={t('employees.searchPlaceholder')}
                value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} w={320} />
              <SegmentedControl size="xs" value={estatus} onChange={(v) => { setEstatus(v as EmployeesListQuery['estatus']); setPage(1); }}
                data={[
                  { value: '', label: t('employees.estatus.all') },
                  { value: '1', label: t('employees.estatus.actives') },
                  { value: '0', label: t('employees.estatus.inactives') },
                ]} />
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed">{t('app.perPage')}</Text>
              <PerPageSelect screen={SCREEN} onChange={(n) => { setPerPage(n); setPage(1); }} />
            </Group>
          </Group>
          {list.isPending ? <Loader size="sm" /> : total === 0 ? (
            <Text c="dimmed" ta="center" py="lg">{debounced || estatus ? t('employees.emptySearch') : t('employees.empty')}</Text>
          ) : (
            <EmployeesTable employees={list.data?.data ?? []} onEdit={(e) => void navigate(`/employees/edit/${e.id}`)}
              onPreview={setPreviewing} onToggle={confirmToggle} onDelete={confirmDelete} />
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">{t('employees.total', { count: total })}</Text>
            <Pagination total={Math.max(1, Math.ceil(total / perPage))} value={page} onChange={setPage} size="sm" />
          </Group>
        </Stack>
      </Card>
      <EmployeePreviewDrawer rfc={rfc} employee={previewing} onClose={() => setPreviewing(null)} />
    </Stack>
  );
}
