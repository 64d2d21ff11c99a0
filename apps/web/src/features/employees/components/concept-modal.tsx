import { useEffect } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { OTRO_PAGO_SUBSIDIO, type EmployeeCatalogs } from '@facturo/contract';
import { CONCEPT_KINDS, rowToBody, type ConceptFormRow, type ConceptKey } from '../model/concept-kinds';

interface Props {
  kind: ConceptKey;
  catalogs: EmployeeCatalogs | undefined;
  /** The row being edited; undefined adds a new one. */
  initial?: ConceptFormRow;
  opened: boolean;
  onClose: () => void;
  /** Receives the row normalised by the contract schema (amounts with 2 decimals). */
  onSave: (row: ConceptFormRow) => void;
}

/** Modal to add or edit one percepción, deducción or otro pago, validated by the contract (§5 limits). */
export function ConceptModal({ kind, catalogs, initial, opened, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const spec = CONCEPT_KINDS[kind];
  const schema = z.custom<ConceptFormRow>().transform((r) => rowToBody(kind, r)).pipe(spec.schema);
  const { control, register, handleSubmit, reset, formState: { errors } } = useForm<ConceptFormRow, unknown, Record<string, unknown>>({
    resolver: zodResolver(schema), defaultValues: spec.empty(),
  });
  useEffect(() => {
    if (opened) reset(initial ?? spec.empty());
  }, [opened, initial, reset, spec]);
  const tipo = useWatch({ control, name: 'tipo' });
  const err = (f: string) => (errors as Record<string, { message?: string } | undefined>)[f]?.message;
  const options = (catalogs ? spec.tipos(catalogs) : []).map((o) => ({ value: o.clave, label: `${o.clave} - ${o.descripcion}` }));

  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={t(`employees.concepts.${kind}.${initial ? 'editTitle' : 'addTitle'}`)}>
      <form
        noValidate
        onSubmit={(e) => {
          // The modal lives inside the employee form: keep its submit from reaching the outer form.
          e.stopPropagation();
          void handleSubmit((v) => {
            const out: ConceptFormRow = {};
            for (const [k, val] of Object.entries(v)) out[k] = val === null || val === undefined ? '' : String(val);
            onSave(out);
          })(e);
        }}
      >
        <Stack gap="sm">
          <Controller control={control} name="tipo" render={({ field }) => (
            <Select label={t('employees.concepts.tipo')} searchable data={options} value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')} error={err('tipo')} nothingFoundMessage={t('employees.form.nothingFound')} />
          )} />
          <SimpleGrid cols={2}>
            <TextInput label={t('employees.concepts.clave')} {...register('clave')} error={err('clave')} />
            <TextInput label={t('employees.concepts.concepto')} {...register('concepto')} error={err('concepto')} />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            {spec.amounts
              .filter((a) => a !== 'subsidio_causado' || tipo === OTRO_PAGO_SUBSIDIO)
              .map((a) => (
                <TextInput key={a} label={t(`employees.concepts.${a}`)} inputMode="decimal" leftSection="$" {...register(a)} error={err(a)} />
              ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('employees.form.cancel')}</Button>
            <Button type="submit">{t('employees.concepts.accept')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
