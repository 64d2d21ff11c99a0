import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { EmployeeCatalogs } from '@facturo/contract';
import { CONCEPT_KINDS, rowToBody, type ConceptFormRow, type ConceptKey } from '../model/concept-kinds';
import type { EmployeeFormValues } from '../model/employee-form';
import { ConceptModal } from './concept-modal';
import { RowAction } from '../../../shared/ui/row-action';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { isApiError } from '../../../shared/api/api-error';
import { toastSuccess } from '../../../shared/ui/toasts';
import { removeConcept, saveConcept } from '../api/employees-api';
import { conceptsToForm } from '../model/employee-form';

/**
 * One concept table of the employee form (percepciones, deducciones or otros pagos), rows edited in a
 * modal. A new employee's rows are saved with it in one request (employee and concepts written together
 * or not at all). On the edit page (`employeeId`) each add, change or removal is stored at once through
 * the concept endpoints of spec §7.10, and the table shows what the server answered.
 */
export function ConceptsSection({ kind, catalogs, employeeId }: { kind: ConceptKey; catalogs: EmployeeCatalogs | undefined; employeeId?: number }) {
  const { t } = useTranslation();
  const { control, formState: { errors } } = useFormContext<EmployeeFormValues>();
  const { fields, append, update, remove, replace } = useFieldArray({ control, name: kind as 'percepciones', keyName: 'key' as 'id' });
  const [modal, setModal] = useState<{ opened: boolean; index?: number }>({ opened: false });
  const [remoteError, setRemoteError] = useState<string | null>(null);
  const stored = useMutation({
    mutationFn: (op: { row?: ConceptFormRow; conceptId?: string }) =>
      op.row ? saveConcept(employeeId!, kind, rowToBody(kind, op.row), op.conceptId) : removeConcept(employeeId!, kind, op.conceptId!),
    onSuccess: (employee, op) => {
      replace(conceptsToForm(employee)[kind] as never);
      setRemoteError(null);
      setModal({ opened: false });
      toastSuccess(op.row ? t('employees.concepts.stored') : t('employees.concepts.removed'));
    },
    onError: (e) => setRemoteError(isApiError(e) ? formatApiErrorLines(e.body).join('\n') || t('toast.error.text') : t('toast.error.text')),
  });
  const spec = CONCEPT_KINDS[kind];
  const tipoName = (clave: string) => (catalogs ? spec.tipos(catalogs).find((o) => o.clave === clave)?.descripcion : undefined) ?? '';
  const rows = fields as unknown as (ConceptFormRow & { key: string })[];
  const serverError = remoteError ?? (errors[kind] as { message?: string } | undefined)?.message;

  return (
    <Card withBorder radius="md" data-testid={`concepts-${kind}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t(`employees.concepts.${kind}.title`)}</Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setModal({ opened: true })}>
          {t(`employees.concepts.${kind}.add`)}
        </Button>
      </Group>
      {serverError && <Text c="red" size="sm" style={{ whiteSpace: 'pre-line' }} data-testid={`concepts-${kind}-error`}>{serverError}</Text>}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">{t(`employees.concepts.${kind}.empty`)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('employees.concepts.tipo')}</Table.Th>
                <Table.Th>{t('employees.concepts.clave')}</Table.Th>
                <Table.Th>{t('employees.concepts.concepto')}</Table.Th>
                {spec.amounts.map((a) => <Table.Th key={a} ta="right">{t(`employees.concepts.${a}`)}</Table.Th>)}
                <Table.Th w={80} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={r.key}>
                  <Table.Td>{r.tipo} - {tipoName(r.tipo)}</Table.Td>
                  <Table.Td>{r.clave}</Table.Td>
                  <Table.Td>{r.concepto}</Table.Td>
                  {spec.amounts.map((a) => <Table.Td key={a} ta="right" ff="monospace">{r[a] ? formatMoney(r[a]) : '—'}</Table.Td>)}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <RowAction label={t('employees.actions.edit')} ariaLabel={t('employees.concepts.editOf', { name: r.concepto })}
                        icon={<IconPencil size={16} />} onClick={() => setModal({ opened: true, index: i })} />
                      <RowAction label={t('employees.concepts.remove')} color="red" ariaLabel={t('employees.concepts.removeOf', { name: r.concepto })}
                        icon={<IconTrash size={16} />}
                        onClick={() => (employeeId && r.conceptId ? stored.mutate({ conceptId: r.conceptId }) : remove(i))} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConceptModal
        kind={kind}
        catalogs={catalogs}
        opened={modal.opened}
        initial={modal.index !== undefined ? rows[modal.index] : undefined}
        onClose={() => setModal({ opened: false })}
        onSave={(clean) => {
          const editing = modal.index !== undefined ? rows[modal.index] : undefined;
          if (employeeId) return stored.mutate({ row: clean, conceptId: editing?.conceptId });
          if (modal.index !== undefined) update(modal.index, clean as never);
          else append(clean as never);
          setModal({ opened: false });
        }}
      />
    </Card>
  );
}
