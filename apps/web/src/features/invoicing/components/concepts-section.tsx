import { ActionIcon, Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import { CatalogSearchSelect } from '../../products/public';
import { FormSelect } from '../../../shared/ui/form-select';
import { productsCatalogQuery } from '../api/invoicing-api';
import { carriesTaxes, conceptFromProduct, emptyConcept, type ConceptForm, type InvoiceForm, type LiveTotals } from '../model/invoice-form';
import { options, type InvoicingCatalogs } from '../model/catalog-options';

const IVA_OPTIONS = [
  { value: '0.160000', label: 'IVA 16 %' },
  { value: '0.080000', label: 'IVA 8 % (frontera)' },
  { value: '0.000000', label: 'IVA 0 %' },
  { value: 'Exento', label: 'IVA exento' },
];
const RET_ISR_OPTIONS = [
  { value: '0.100000', label: 'ISR 10 %' },
  { value: '0.012500', label: 'ISR 1.25 % (RESICO)' },
];
const RET_IVA_OPTIONS = [
  { value: '0.106667', label: 'IVA 10.6667 % (dos terceras partes)' },
  { value: '0.040000', label: 'IVA 4 % (fletes)' },
  { value: '0.060000', label: 'IVA 6 % (subcontratación)' },
  { value: '0.160000', label: 'IVA 16 %' },
];

/** Messages under a concept that no input shows (e.g. "conceptos.0.traslados.0.tasaOCuota" from the server). */
function otherErrors(errors: FieldErrors<ConceptForm> | undefined, shown: string[]): string[] {
  const out: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { message?: unknown; type?: unknown };
    if (typeof n.message === 'string' && typeof n.type === 'string') {
      if (!shown.includes(path.split('.')[0])) out.push(n.message);
      return;
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'ref') walk(v, path ? `${path}.${k}` : k);
  };
  walk(errors, '');
  return out;
}

const SHOWN = ['claveProdServ', 'descripcion', 'cantidad', 'claveUnidad', 'unidad', 'valorUnitario', 'descuento', 'objetoImp', 'iva', 'ieps', 'iepsValor', 'retIsr', 'retIva', 'cuentaPredial', 'noIdentificacion'];

interface Props {
  rfc: string;
  catalogs: InvoicingCatalogs | undefined;
  live: LiveTotals;
}

/** Concepts from the catalogue or typed: amounts, ObjetoImp, traslados and retenciones (issue 9 item 1). */
export function ConceptsSection({ rfc, catalogs, live }: Props) {
  const { t } = useTranslation();
  const { control, register, setValue, watch, formState: { errors } } = useFormContext<InvoiceForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'conceptos' });
  const products = useQuery(productsCatalogQuery(rfc, ''));
  const moneda = watch('moneda');

  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('invoicing.form.concepts')}</Title>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => append(emptyConcept())}>{t('invoicing.form.addConcept')}</Button>
      </Group>
      {errors.conceptos?.message && <Alert color="red" mb="sm">{errors.conceptos.message}</Alert>}
      <Stack gap="md">
        {fields.map((f, i) => {
          const c = watch(`conceptos.${i}`);
          const e = errors.conceptos?.[i];
          const computed = live.conceptos[i];
          const taxes = carriesTaxes(c.objetoImp);
          const extra = otherErrors(e as FieldErrors<ConceptForm> | undefined, SHOWN);
          return (
            <Card key={f.id} withBorder radius="sm" padding="sm" data-testid={`concept-${i}`}>
              <Group justify="space-between" mb="xs">
                <Text fw={600}>{t('invoicing.form.conceptN', { n: i + 1 })}</Text>
                <Tooltip label={t('invoicing.form.removeConcept')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('invoicing.form.removeConceptN', { n: i + 1 })} disabled={fields.length === 1} onClick={() => remove(i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
                <Select label={t('invoicing.form.product')} placeholder={t('invoicing.form.productPlaceholder')} searchable clearable
                  data={(products.data ?? []).map((p) => ({ value: String(p.id), label: `${p.descripcionProducto} (${formatMoney(p.valorUnitario)})` }))}
                  value={c.productId ? String(c.productId) : null}
                  onChange={(v) => {
                    const p = (products.data ?? []).find((x) => String(x.id) === v);
                    if (p) setValue(`conceptos.${i}`, conceptFromProduct(p, { ...c }), { shouldDirty: true });
                    else setValue(`conceptos.${i}.productId`, null);
                  }} />
                <Controller control={control} name={`conceptos.${i}.claveProdServ`} render={({ field, fieldState }) => (
                  <CatalogSearchSelect kind="service" label={t('invoicing.form.claveProdServ')} value={field.value} error={fieldState.error?.message}
                    initialLabel={c.productId ? (products.data ?? []).find((p) => p.id === c.productId)?.claveProductoDescripcion : undefined}
                    onChange={(clave, text) => {
                      field.onChange(clave);
                      if (!c.descripcion) setValue(`conceptos.${i}.descripcion`, text);
                    }} />
                )} />
                <TextInput label={t('invoicing.form.descripcion')} {...register(`conceptos.${i}.descripcion`)} error={e?.descripcion?.message} style={{ gridColumn: 'span 2' }} />
                <TextInput label={t('invoicing.form.cantidad')} inputMode="decimal" {...register(`conceptos.${i}.cantidad`)} error={e?.cantidad?.message} />
                <Controller control={control} name={`conceptos.${i}.claveUnidad`} render={({ field, fieldState }) => (
                  <CatalogSearchSelect kind="unit" label={t('invoicing.form.claveUnidad')} value={field.value} error={fieldState.error?.message}
                    initialLabel={c.unidad || undefined}
                    onChange={(clave, text) => {
                      field.onChange(clave);
                      if (!c.unidad) setValue(`conceptos.${i}.unidad`, text.slice(0, 20));
                    }} />
                )} />
                <TextInput label={t('invoicing.form.valorUnitario')} inputMode="decimal" {...register(`conceptos.${i}.valorUnitario`)} error={e?.valorUnitario?.message} />
                <TextInput label={t('invoicing.form.descuento')} inputMode="decimal" placeholder="0.00" {...register(`conceptos.${i}.descuento`)} error={e?.descuento?.message} />
                <FormSelect control={control} name={`conceptos.${i}.objetoImp`} label={t('invoicing.form.objetoImp')} allowDeselect={false} data={options(catalogs?.objetosImp)} />
                <FormSelect control={control} name={`conceptos.${i}.iva`} label={t('invoicing.form.iva')} data={IVA_OPTIONS} disabled={!taxes} placeholder={t('invoicing.form.none')} clearable />
                <Group gap="xs" align="start" grow>
                  <FormSelect control={control} name={`conceptos.${i}.ieps`} label={t('invoicing.form.ieps')} disabled={!taxes} placeholder={t('invoicing.form.none')} clearable
                    data={[{ value: 'Tasa', label: t('invoicing.form.iepsTasa') }, { value: 'Cuota', label: t('invoicing.form.iepsCuota') }]} />
                  {c.ieps && <TextInput label={t('invoicing.form.iepsValor')} placeholder="0.080000" {...register(`conceptos.${i}.iepsValor`)} error={e?.iepsValor?.message} />}
                </Group>
                <FormSelect control={control} name={`conceptos.${i}.retIsr`} label={t('invoicing.form.retIsr')} data={RET_ISR_OPTIONS} disabled={!taxes} placeholder={t('invoicing.form.none')} clearable />
                <FormSelect control={control} name={`conceptos.${i}.retIva`} label={t('invoicing.form.retIva')} data={RET_IVA_OPTIONS} disabled={!taxes} placeholder={t('invoicing.form.none')} clearable />
                <TextInput label={t('invoicing.form.cuentaPredial')} {...register(`conceptos.${i}.cuentaPredial`)} error={e?.cuentaPredial?.message} />
                <TextInput label={t('invoicing.form.noIdentificacion')} {...register(`conceptos.${i}.noIdentificacion`)} error={e?.noIdentificacion?.message} />
              </SimpleGrid>
              {e?.objetoImp?.message && <Text c="red" size="sm" mt="xs">{e.objetoImp.message}</Text>}
              {extra.map((m) => <Text key={m} c="red" size="sm" mt="xs">{m}</Text>)}
              {computed && !computed.ok && computed.message && !e && <Text c="red" size="sm" mt="xs" data-testid={`concept-${i}-rule`}>{computed.message}</Text>}
              <Group justify="flex-end" mt="xs" gap="lg">
                {computed?.ok && computed.amounts.descuento && <Text size="sm" c="dimmed">{t('invoicing.totals.descuento')}: {formatMoney(computed.amounts.descuento, live.decimals)}</Text>}
                <Text size="sm" fw={600} data-testid={`concept-${i}-importe`}>
                  {t('invoicing.form.importe')}: {computed?.ok ? `${formatMoney(computed.amounts.importe, live.decimals)} ${moneda}` : '—'}
                </Text>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Card>
  );
}
