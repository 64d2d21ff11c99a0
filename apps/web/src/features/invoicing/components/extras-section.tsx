import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../shared/ui/form-select';
import { OBSERVACIONES_MAX, type InvoiceForm } from '../model/invoice-form';
import { options, type InvoicingCatalogs } from '../model/catalog-options';

/** InformacionGlobal (público en general, CFDI 4.0), CFDI relacionados and observaciones. */
export function ExtrasSection({ catalogs, publicoGeneral }: { catalogs: InvoicingCatalogs | undefined; publicoGeneral: boolean }) {
  const { t } = useTranslation();
  const { control, register, watch, formState: { errors } } = useFormContext<InvoiceForm>();
  const related = useFieldArray({ control, name: 'cfdiRelacionados' });
  const version = watch('version');
  const observaciones = watch('observaciones');
  return (
    <Stack gap="md">
      {publicoGeneral && version === '4.0' && (
        <Card withBorder radius="md" data-testid="global-info">
          <Title order={4} mb="xs">{t('invoicing.form.globalTitle')}</Title>
          <Text size="sm" c="dimmed" mb="sm">{t('invoicing.form.globalHint')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <FormSelect control={control} name="informacionGlobal.periodicidad" label={t('invoicing.form.periodicidad')} allowDeselect={false} data={options(catalogs?.periodicidades)} />
            <FormSelect control={control} name="informacionGlobal.meses" label={t('invoicing.form.meses')} allowDeselect={false} data={options(catalogs?.meses)} />
            <TextInput label={t('invoicing.form.anio')} {...register('informacionGlobal.anio')} error={errors.informacionGlobal?.anio?.message} />
          </SimpleGrid>
        </Card>
      )}
      <Card withBorder radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('invoicing.form.related')}</Title>
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => related.append({ tipoRelacion: '', uuids: '' })}>{t('invoicing.form.addRelated')}</Button>
        </Group>
        {related.fields.length === 0 && <Text size="sm" c="dimmed">{t('invoicing.form.noRelated')}</Text>}
        <Stack gap="sm">
          {related.fields.map((f, i) => (
            <Group key={f.id} align="start" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1 }}>
                <FormSelect control={control} name={`cfdiRelacionados.${i}.tipoRelacion`} label={t('invoicing.form.tipoRelacion')} data={options(catalogs?.tiposRelacion)} searchable />
                <Textarea label={t('invoicing.form.uuids')} autosize minRows={1} {...register(`cfdiRelacionados.${i}.uuids`)}
                  error={errors.cfdiRelacionados?.[i]?.uuids?.message ?? (errors.cfdiRelacionados?.[i] as { uuids?: { [k: number]: { message?: string } } } | undefined)?.uuids?.[0]?.message} />
              </SimpleGrid>
              <ActionIcon mt={28} variant="subtle" color="red" aria-label={t('invoicing.form.removeRelated')} onClick={() => related.remove(i)}><IconTrash size={16} /></ActionIcon>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Textarea label={t('invoicing.form.observaciones')} autosize minRows={2} maxRows={8} {...register('observaciones')} error={errors.observaciones?.message}
          description={t('invoicing.form.observacionesCount', { count: observaciones.length, max: OBSERVACIONES_MAX.toLocaleString('en-US') })} />
      </Card>
    </Stack>
  );
}
