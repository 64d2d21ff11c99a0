import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Employee } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { BulkActions } from '../../bulk/public';
import { useConfirmedMutation } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { deleteEmployee, employeeKeys, employeesQuery, toggleEmployee, type EmployeesListQuery } from '../api/employees-api';
import { EmployeePreviewDrawer } from '../components/employee-preview-drawer';
import { EmployeesTable } from '../components/employees-table';

/** /employees (spec §2.7, §7.10): search, estatus filter, page size, enable/disable after a confirmation, preview. */
export function EmployeesPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = usePagedList('employees');
  const [estatus, setEstatus] = useState<EmployeesListQuery['estatus']>('');
  const [previewing, setPreviewing] = useState<Employee | null>(null);
  const rows = useQuery(employeesQuery(rfc, { page: list.page, perPage: list.perPage, search: list.query, estatus }));

  // Spec §4: dar de baja and reactivar each ask for a confirmation first.
  const confirmToggle = useConfirmedMutation({
    mutationFn: (e: Employee) => toggleEmployee(e.id),
    invalidate: employeeKeys.all(rfc),
    done: (r) => r.message,
    ask: (e) => {
      const key = e.estatus === 1 ? 'disable' : 'enable';
      return {
        title: t(`employees.confirm.${key}.title`),
        text: t(`employees.confirm.${key}.text`, { name: e.nombre_completo }),
        confirm: t(`employees.confirm.${key}.confirm`),
        cancel: t('employees.confirm.cancel'),
        color: e.estatus === 1 ? 'orange' : 'teal',
      };
    },
  });
  const confirmDelete = useConfirmedMutation({
    mutationFn: (e: Employee) => deleteEmployee(e.id),
    invalidate: employeeKeys.all(rfc),
    done: (r) => r.message,
    ask: (e) => ({
      title: t('employees.confirm.delete.title'),
      text: t('employees.confirm.delete.text', { name: e.nombre_completo }),
      confirm: t('employees.confirm.delete.confirm'),
      cancel: t('employees.confirm.cancel'),
      color: 'red',
    }),
  });

  const total = rows.data?.total ?? 0;
  const estatusFilter = (
    <SegmentedControl size="xs" value={estatus} onChange={(v) => { setEstatus(v as EmployeesListQuery['estatus']); list.setPage(1); }}
      data={[
        { value: '', label: t('employees.estatus.all') },
        { value: '1', label: t('employees.estatus.actives') },
        { value: '0', label: t('employees.estatus.inactives') },
      ]} />
  );
  return (
    <Stack gap="md">
      <PageHeader title={t('employees.title')}
        action={(
          <Group gap="xs">
            {/* The screen's own action first: on a phone the header row scrolls sideways (PageHeader). */}
            <Button component={Link} to="/employees/create" leftSection={<IconPlus size={16} />}>{t('employees.new')}</Button>
            <BulkActions entity="empleados" onImported={() => void queryClient.invalidateQueries({ queryKey: employeeKeys.all(rfc) })} />
          </Group>
        )} />
      <PagedListCard list={list} searchPlaceholder={t('employees.searchPlaceholder')} filters={estatusFilter} loading={rows.isPending} total={total}
        emptyText={list.query || estatus ? t('employees.emptySearch') : t('employees.empty')} totalText={t('employees.total', { count: total })}>
        <EmployeesTable employees={rows.data?.data ?? []} onEdit={(e) => void navigate(`/employees/edit/${e.id}`)}
          onPreview={setPreviewing} onToggle={confirmToggle} onDelete={confirmDelete} />
      </PagedListCard>
      <EmployeePreviewDrawer rfc={rfc} employee={previewing} onClose={() => setPreviewing(null)} />
    </Stack>
  );
}
