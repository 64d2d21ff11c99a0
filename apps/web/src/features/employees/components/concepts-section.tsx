import { useState } from 'react';
import { Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { EmployeeCatalogs } from '@facturo/contract';
import { CONCEPT_KINDS, type ConceptFormRow, type ConceptKey } from '../model/concept-kinds';
import type { EmployeeFormValues } from '../model/employee-form';
import { ConceptModal } from './concept-modal';
import { RowAction } from '../../../shared/ui/row-action';

/**
 * One concept table of the employee form (percepciones, deducciones or otros pagos). Rows are edited
 * in a modal and saved with the employee in one request, so the employee and its concepts are
 * written together or not at all.
 */
export function ConceptsSection({ kind, catalogs }: { kind: ConceptKey; catalogs: EmployeeCatalogs | undefined }) {
  const { t } = useTranslation();
  const { control, formState: { errors } } = useFormContext<EmployeeFormValues>();
  const { fields, append, update, remove } = useFieldArray({ control, name: kind as 'percepciones' });
  const [modal, setModal] = useState<{ opened: boolean; index?: number }>({ opened: false });
  const spec = CONCEPT_KINDS[kind];
  const tipoName = (clave: string) => (catalogs ? spec.tipos(catalogs).find((o) => o.clave === clave)?.descripcion : undefined) ?? '';
  const rows = fields as unknown as (ConceptFormRow & { id: string })[];
  const serverError = (errors[kind] as { message?: string } | undefined)?.message;

  return (
    <Card withBorder radius="md" data-testid={`concepts-${kind}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t(`employees.concepts.${kind}.title`)}</Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setModal({ opened: true })}>
          {t(`employees.concepts.${kind}.add`)}
        </Button>
      </Group>
      {serverError && <Text c="red" size="sm">{serverError}</Text>}
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
                <Table.Tr key={r.id}>
                  <Table.Td>{r.tipo} - {tipoName(r.tipo)}</Table.Td>
                  <Table.Td>{r.clave}</Table.Td>
                  <Table.Td>{r.concepto}</Table.Td>
                  {spec.amounts.map((a) => <Table.Td key={a} ta="right" ff="monospace">{r[a] ? formatMoney(r[a]) : '—'}</Table.Td>)}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <RowAction label={t('employees.actions.edit')} ariaLabel={t('employees.concepts.editOf', { name: r.concepto })}
                        icon={<IconPencil size={16} />} onClick={() => setModal({ opened: true, index: i })} />
                      <RowAction label={t('employees.concepts.remove')} color="red" ariaLabel={t('employees.concepts.removeOf', { name: r.concepto })}
                        icon={<IconTrash size={16} />} onClick={() => remove(i)} />
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
        onSave={(row) => {
          const { id: _id, ...clean } = row;
          if (modal.index !== undefined) update(modal.index, clean as never);
          else append(clean as never);
          setModal({ opened: false });
        }}
      />
    </Card>
  );
}
