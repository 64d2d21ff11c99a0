import { useEffect, useState } from 'react';
import { Button, Divider, Drawer, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { countDecimals, formatMoney } from '@facturo/cfdi/money';
import { PRODUCT_DESCRIPTION_MAX, productInputSchema, UNIT_DESCRIPTION_MAX, type ProductValues, type UserProduct } from '@facturo/contract';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { toastSuccess } from '../../../shared/ui/toasts';
import { createProduct, objetosImpuestoQuery, productKeys, updateProduct } from '../api/products-api';
import { emptyProductForm, formToInput, PRODUCT_FIELDS, productToForm, type ProductFormValues } from '../model/product-form';
import { CatalogSearchSelect } from './catalog-search-select';
import { TaxesFields } from './taxes-fields';
import { FormAlert } from '../../../shared/ui/form-alert';

interface Props {
  rfc: string;
  opened: boolean;
  product?: UserProduct;
  onClose: () => void;
}

/** Side panel (Drawer) to add or edit a product (spec §2.7, §3, §5, §7.8). */
export function ProductFormDrawer({ rfc, opened, product, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string[] | null>(null);
  const add = !product;
  // The contract's schema judges exactly what the API will receive.
  const form = useForm<ProductFormValues, unknown, ProductValues>({
    resolver: zodResolver(z.custom<ProductFormValues>().transform((v) => formToInput(v, add)).pipe(productInputSchema)),
    defaultValues: emptyProductForm(),
  });
  const { control, register, handleSubmit, reset, setValue, setError, formState: { errors } } = form;
  const objetos = useQuery(objetosImpuestoQuery());
  const cadastral = useWatch({ control, name: 'cadastral' });
  const unitDescription = useWatch({ control, name: 'descripcionUnidad' }) ?? '';
  const description = useWatch({ control, name: 'descripcionProducto' }) ?? '';
  const unitValue = (useWatch({ control, name: 'valorUnitario' }) ?? '').trim();
  // §9 money formatting of the price as invoices and the list will show it, once it reads as an amount.
  const unitValueShown = /^\d+(\.\d{1,6})?$/.test(unitValue) ? formatMoney(unitValue, Math.max(2, countDecimals(unitValue))) : null;

  useEffect(() => {
    if (opened) {
      reset(product ? productToForm(product) : emptyProductForm());
      setFormError(null);
    }
  }, [opened, product, reset]);

  const save = useMutation({
    mutationFn: (v: ProductValues) => (product ? updateProduct(product.id, v) : createProduct(v)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productKeys.all(rfc) });
      toastSuccess(product ? t('products.saved.updated') : t('products.saved.created'));
      onClose();
    },
    onError: (e) => setFormError(setServerErrors(e, setError, PRODUCT_FIELDS)),
  });

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={product ? t('products.form.editTitle') : t('products.form.newTitle')}>
      <FormProvider {...form}>
        <form onSubmit={handleSubmit((v) => { setFormError(null); save.mutate(v); })} noValidate>
          <Stack gap="sm">
            <FormAlert message={formError} testId="product-form-error" />
            <Controller control={control} name="claveProducto" render={({ field }) => (
              <CatalogSearchSelect kind="service" label={t('products.form.serviceProductKey')} description={t('products.form.serviceProductKeyHint')}
                value={field.value} initialLabel={product?.claveProductoDescripcion} error={errors.claveProducto?.message}
                onChange={(clave, text) => {
                  field.onChange(clave);
                  // A new product starts with the SAT description; the user can reword it.
                  if (clave && !form.getValues('descripcionProducto')) setValue('descripcionProducto', text);
                }} />
            )} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller control={control} name="claveUnidad" render={({ field }) => (
                <CatalogSearchSelect kind="unit" label={t('products.form.unitKey')} description={t('products.form.unitKeyHint')}
                  value={field.value} initialLabel={product?.claveUnidadDescripcion} error={errors.claveUnidad?.message}
                  onChange={(clave, text) => {
                    field.onChange(clave);
                    if (clave && !form.getValues('descripcionUnidad')) setValue('descripcionUnidad', text.slice(0, UNIT_DESCRIPTION_MAX));
                  }} />
              )} />
              <TextInput label={t('products.form.unitDescription')} maxLength={UNIT_DESCRIPTION_MAX} {...register('descripcionUnidad')}
                description={`${unitDescription.length}/${UNIT_DESCRIPTION_MAX}`} error={errors.descripcionUnidad?.message} />
            </SimpleGrid>
            <Textarea label={t('products.form.serviceProductDescription')} autosize minRows={2} maxRows={6} {...register('descripcionProducto')}
              description={`${description.length}/${PRODUCT_DESCRIPTION_MAX}`} error={errors.descripcionProducto?.message} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('products.form.unitValue')} inputMode="decimal" leftSection={<Text size="sm">$</Text>} placeholder="0.00"
                {...register('valorUnitario')} error={errors.valorUnitario?.message}
                description={unitValueShown ? t('priceFormat.shownAs', { amount: unitValueShown }) : undefined} />
              <Controller control={control} name="objetoImp" render={({ field }) => (
                <Select label={t('products.form.objetoImp')} data={(objetos.data ?? []).map((o) => ({ value: o.clave, label: `${o.clave} - ${o.descripcion}` }))}
                  value={field.value || null} onChange={(v) => field.onChange(v ?? '')} allowDeselect={false} error={errors.objetoImp?.message} />
              )} />
            </SimpleGrid>
            <Divider />
            <TaxesFields />
            <Divider />
            <Switch label={t('products.form.cadastral')} {...register('cadastral')} />
            {cadastral && <TextInput label={t('products.form.cadastralCve')} {...register('cve_catastral')} error={errors.cve_catastral?.message} />}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>{t('products.form.cancel')}</Button>
              <Button type="submit" loading={save.isPending}>{t('products.form.save')}</Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Drawer>
  );
}
