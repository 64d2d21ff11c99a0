import { Badge, Group, Table, Text } from '@mantine/core';
import { IconCalculator, IconPencil, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { Employee } from '@facturo/contract';
import { RowAction } from '../../../shared/ui/row-action';
import { ListTable } from '../../../shared/ui/list-table';

interface Props {
  employees: Employee[];
  onEdit: (e: Employee) => void;
  onPreview: (e: Employee) => void;
  onToggle: (e: Employee) => void;
  onDelete: (e: Employee) => void;
}

/** Employees as spec §3 lists them: no. empleado, nombre, RFC, CURP, NSS, puesto, periodo, estatus. */
export function EmployeesTable({ employees, onEdit, onPreview, onToggle, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={980} testId="employees-table" columns={[
      { label: t('employees.table.noEmpleado') },
      { label: t('employees.table.nombre') },
      { label: t('employees.table.rfc') },
      { label: t('employees.table.curp') },
      { label: t('employees.table.puesto') },
      { label: t('employees.table.periodo') },
      { label: t('employees.table.salario'), align: 'right' },
      { label: t('employees.table.estatus') },
      { width: 150 },
    ]}>
      {employees.map((e) => (
        <Table.Tr key={e.id} data-testid={`employee-row-${e.no_empleado}`}>
          <Table.Td>{e.no_empleado}</Table.Td>
          <Table.Td><Text size="sm" fw={500}>{e.nombre_completo}</Text></Table.Td>
          <Table.Td>{e.rfc}</Table.Td>
          <Table.Td><Text size="xs" ff="monospace">{e.curp}</Text></Table.Td>
          <Table.Td>{e.puesto ?? '—'}</Table.Td>
          <Table.Td>{e.periodo_descripcion}</Table.Td>
          <Table.Td ta="right" ff="monospace">{formatMoney(e.salario_diario)}</Table.Td>
          <Table.Td>
            <Badge color={e.estatus === 1 ? 'teal' : 'gray'} variant="light">
              {e.estatus === 1 ? t('employees.estatus.active') : t('employees.estatus.inactive')}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <RowAction label={t('employees.actions.preview')} ariaLabel={t('employees.actions.previewOf', { name: e.nombre_completo })}
                icon={<IconCalculator size={16} />} onClick={() => onPreview(e)} />
              <RowAction label={t('employees.actions.edit')} ariaLabel={t('employees.actions.editOf', { name: e.nombre_completo })}
                icon={<IconPencil size={16} />} onClick={() => onEdit(e)} />
              <RowAction label={e.estatus === 1 ? t('employees.actions.disable') : t('employees.actions.enable')} color={e.estatus === 1 ? 'orange' : 'teal'}
                ariaLabel={t(e.estatus === 1 ? 'employees.actions.disableOf' : 'employees.actions.enableOf', { name: e.nombre_completo })}
                icon={e.estatus === 1 ? <IconUserOff size={16} /> : <IconUserCheck size={16} />} onClick={() => onToggle(e)} />
              <RowAction label={t('employees.actions.delete')} color="red" ariaLabel={t('employees.actions.deleteOf', { name: e.nombre_completo })}
                icon={<IconTrash size={16} />} onClick={() => onDelete(e)} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
