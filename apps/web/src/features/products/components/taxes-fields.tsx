import { ActionIcon, Button, Group, Menu, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TAX_PRESETS, type ProductFormValues } from '../model/product-form';

const IMPUESTOS = [{ value: '001', label: 'ISR' }, { value: '002', label: 'IVA' }, { value: '003', label: 'IEPS' }];
const FACTORES = ['Tasa', 'Cuota', 'Exento'];

type Kind = 'traslados' | 'retenciones';

/** Default traslados and retenciones of a product; each row is checked by the API against c_TasaOCuota. */
export function TaxesFields() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">{t('products.taxes.title')}</Text>
      <TaxList kind="traslados" />
      <TaxList kind="retenciones" />
    </Stack>
  );
}

function TaxList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `impuestos.${kind}` });
  const rows = useWatch({ control, name: `impuestos.${kind}` });
  const errors = formState.errors.impuestos?.[kind];
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t(`products.taxes.${kind}`)}</Text>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />}>{t('products.taxes.add')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {TAX_PRESETS.filter((p) => p.kind === kind).map((p) => (
              <Menu.Item key={p.key} onClick={() => append({ ...p.row })}>{t(`products.taxes.presets.${p.key}`)}</Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {fields.length === 0 && <Text size="xs" c="dimmed">{t('products.taxes.none')}</Text>}
      {fields.map((f, i) => {
        const rowError = errors?.[i] as { message?: string; tasaOCuota?: { message?: string } } | undefined;
        return (
          <Group key={f.id} gap="xs" align="start" wrap="nowrap" data-testid={`tax-${kind}-${i}`}>
            <Controller control={control} name={`impuestos.${kind}.${i}.impuesto`} render={({ field }) => (
              <Select aria-label={t('products.taxes.impuesto')} w={90} data={IMPUESTOS.filter((x) => (kind === 'traslados' ? x.value !== '001' : x.value !== '003'))}
                value={field.value} onChange={(v) => field.onChange(v ?? '002')} allowDeselect={false} />
            )} />
            <Controller control={control} name={`impuestos.${kind}.${i}.tipoFactor`} render={({ field }) => (
              <Select aria-label={t('products.taxes.tipoFactor')} w={105} data={kind === 'traslados' ? FACTORES : FACTORES.slice(0, 2)}
                value={field.value} onChange={(v) => field.onChange(v ?? 'Tasa')} allowDeselect={false} />
            )} />
            <TextInput aria-label={t('products.taxes.tasa')} placeholder="0.160000" style={{ flex: 1 }} disabled={rows?.[i]?.tipoFactor === 'Exento'}
              {...register(`impuestos.${kind}.${i}.tasaOCuota`)} error={rowError?.tasaOCuota?.message ?? rowError?.message} />
            <ActionIcon variant="subtle" color="red" mt={6} aria-label={t('products.taxes.remove')} onClick={() => remove(i)}><IconTrash size={16} /></ActionIcon>
          </Group>
        );
      })}
      {typeof (errors as { message?: string } | undefined)?.message === 'string' && <Text size="xs" c="red">{(errors as { message?: string }).message}</Text>}
    </Stack>
  );
}
