import { Drawer, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@facturo/contract';
import { employeePreviewQuery } from '../api/employees-api';
import { CalculationPanel } from './calculation-panel';

/** Side panel with a saved employee's period calculation (`GET /api/employees/preview/{id}`). */
export function EmployeePreviewDrawer({ rfc, employee, onClose }: { rfc: string; employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useQuery({ ...employeePreviewQuery(rfc, employee?.id ?? 0), enabled: employee !== null });
  return (
    <Drawer opened={employee !== null} onClose={onClose} position="right" size="md" title={t('employees.calc.title')}>
      {employee && (
        <Stack gap="xs">
          <Text fw={600}>{employee.nombre_completo}</Text>
          <Text size="sm" c="dimmed">{employee.rfc} · {employee.no_empleado}</Text>
          {preview.isPending ? <Loader size="sm" /> : preview.isError ? (
            <Text c="red" size="sm">{preview.error.message}</Text>
          ) : (
            <CalculationPanel calc={preview.data.calculo} />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
