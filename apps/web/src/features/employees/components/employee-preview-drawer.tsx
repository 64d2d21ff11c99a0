import { useState } from 'react';
import { Drawer, Loader, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@facturo/contract';
import { employeeCalculationQuery, employeePreviewQuery } from '../api/employees-api';
import { parseDayFirst } from '../../../shared/format/parse-day';
import { CalculationPanel } from './calculation-panel';

/**
 * Side panel with a saved employee's period calculation: the next pay period from
 * `GET /api/employees/preview/{id}`, another pay date from `GET /api/employees/calculate/{id}?fecha=` (§7.10).
 */
export function EmployeePreviewDrawer({ rfc, employee, onClose }: { rfc: string; employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [fecha, setFecha] = useState<string | null>(null);
  const preview = useQuery({ ...employeePreviewQuery(rfc, employee?.id ?? 0), enabled: employee !== null && !fecha });
  const other = useQuery({ ...employeeCalculationQuery(rfc, employee?.id ?? 0, fecha ?? ''), enabled: employee !== null && Boolean(fecha) });
  const calc = fecha ? other : preview;
  const close = () => {
    setFecha(null);
    onClose();
  };
  return (
    <Drawer opened={employee !== null} onClose={close} position="right" size="md" title={t('employees.calc.title')}>
      {employee && (
        <Stack gap="xs">
          <Text fw={600}>{employee.nombre_completo}</Text>
          <Text size="sm" c="dimmed">{employee.rfc} · {employee.no_empleado}</Text>
          <DateInput label={t('employees.calc.payDate')} description={t('employees.calc.payDateHint')} valueFormat="DD/MM/YYYY"
            placeholder={t('app.datePlaceholder')} dateParser={parseDayFirst} clearable value={fecha} onChange={(v) => setFecha(v || null)}
            data-testid="calc-pay-date" />
          {calc.isPending ? <Loader size="sm" /> : calc.isError ? (
            <Text c="red" size="sm">{calc.error.message}</Text>
          ) : (
            <CalculationPanel calc={'calculo' in calc.data ? calc.data.calculo : calc.data} />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
