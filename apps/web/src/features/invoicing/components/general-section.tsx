import { useEffect } from 'react';
import { Alert, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconFileCertificate, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { Client } from '@facturo/contract';
import { usosCfdiFor } from '@facturo/cfdi/catalogs/browser';
import { FormSelect } from '../../../shared/ui/form-select';
import { customersCatalogQuery, exchangeRateQuery, nextFolioQuery } from '../api/invoicing-api';
import type { InvoiceForm } from '../model/invoice-form';
import type { InvoicingCatalogs } from '../model/catalog-options';
import { options } from '../model/catalog-options';

interface Props {
  rfc: string;
  catalogs: InvoicingCatalogs | undefined;
  client: Client | null;
  onClient: (client: Client | null) => void;
  onNewClient: () => void;
  /** Opens "Completar datos CFDI 4.0" for the chosen customer when the API flags it. */
  onCompleteV4: (client: Client) => void;
}

/** Version, customer, uso CFDI, pago, moneda and serie (issue 9 item 1). */
export function GeneralSection({ rfc, catalogs, client, onClient, onNewClient, onCompleteV4 }: Props) {
  const { t } = useTranslation();
  const { control, register, setValue, getValues, formState: { errors } } = useFormContext<InvoiceForm>();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const customers = useQuery(customersCatalogQuery(rfc, debounced === client?.display ? '' : debounced));
  const [metodoPago, moneda, serie] = useWatch({ control, name: ['metodoPago', 'moneda', 'serie'] });
  const folio = useQuery(nextFolioQuery(rfc, (serie ?? '').trim().toUpperCase()));
  const rate = useQuery(exchangeRateQuery(rfc, moneda));

  // PPD forces forma de pago 99 "Por definir" (CFDI40105).
  useEffect(() => {
    if (metodoPago === 'PPD' && getValues('formaPago') !== '99') setValue('formaPago', '99', { shouldValidate: false });
  }, [metodoPago, getValues, setValue]);
  // A foreign currency starts from the day's rate; the user can overwrite it.
  useEffect(() => {
    if (rate.data && !getValues('tipoCambio')) setValue('tipoCambio', rate.data.tipoCambio);
  }, [rate.data, getValues, setValue]);

  const customerOptions = (customers.data ?? []).map((c) => ({ value: String(c.id), label: c.display }));
  if (client && !customerOptions.some((o) => o.value === String(client.id))) customerOptions.unshift({ value: String(client.id), label: client.display });
  const allowed = client ? usosCfdiFor(client.regimen, client.persona) : null;
  const usos = (catalogs?.usosCfdi ?? []).filter((u) => !allowed || allowed.includes(u.clave));
  const foreign = moneda !== 'MXN' && moneda !== 'XXX';

  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('invoicing.form.general')}</Title>
        <Group gap="xs">
          <Controller control={control} name="tipoDeComprobante" render={({ field }) => (
            <SegmentedControl aria-label={t('invoicing.form.tipo')} value={field.value} onChange={field.onChange}
              data={[{ value: 'I', label: t('invoicing.form.tipoI') }, { value: 'E', label: t('invoicing.form.tipoE') }]} />
          )} />
          <Controller control={control} name="version" render={({ field }) => (
            <SegmentedControl aria-label={t('invoicing.form.version')} value={field.value} onChange={field.onChange}
              data={[{ value: '4.0', label: 'CFDI 4.0' }, { value: '3.3', label: 'CFDI 3.3' }]} />
          )} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Controller control={control} name="clientId" render={({ field, fieldState }) => (
          <Select label={t('invoicing.form.client')} placeholder={t('invoicing.form.clientPlaceholder')} searchable clearable
            data={customerOptions} value={field.value || null} searchValue={search} onSearchChange={setSearch}
            nothingFoundMessage={t('invoicing.form.noClients')} error={fieldState.error?.message}
            onChange={(v) => {
              field.onChange(v ?? '');
              const picked = (customers.data ?? []).find((c) => String(c.id) === v) ?? null;
              onClient(picked);
              // The customer's own uso CFDI, when SAT allows it for their régimen, is the usual choice.
              if (picked) setValue('usoCFDI', usosCfdiFor(picked.regimen, picked.persona).includes(picked.uso_cfdi) ? picked.uso_cfdi : '');
            }}
            rightSectionWidth={36}
          />
        )} />
        <Group align="end" gap="xs">
          <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={onNewClient}>{t('invoicing.form.newClient')}</Button>
          {client && <Text size="xs" c="dimmed">{t('invoicing.form.clientRegimen', { regimen: `${client.regimen} - ${client.regimen_descripcion}`, cp: client.domicilio.cp ?? '—' })}</Text>}
        </Group>
        <FormSelect control={control} name="usoCFDI" label={t('invoicing.form.usoCfdi')} searchable
          data={usos.map((u) => ({ value: u.clave, label: `${u.clave} - ${u.descripcion}` }))}
          description={client ? t('invoicing.form.usoFiltered') : t('invoicing.form.usoPickClient')} />
        <FormSelect control={control} name="metodoPago" label={t('invoicing.form.metodoPago')} allowDeselect={false}
          data={options(catalogs?.metodosPago)} />
        <FormSelect control={control} name="formaPago" label={t('invoicing.form.formaPago')} searchable disabled={metodoPago === 'PPD'}
          data={options(catalogs?.formasPago)} description={metodoPago === 'PPD' ? t('invoicing.form.ppdForces99') : undefined} />
        <FormSelect control={control} name="moneda" label={t('invoicing.form.moneda')} searchable allowDeselect={false}
          data={options(catalogs?.monedas)} onPicked={() => setValue('tipoCambio', '')} />
        {foreign && (
          <TextInput label={t('invoicing.form.tipoCambio')} inputMode="decimal" {...register('tipoCambio')} error={errors.tipoCambio?.message}
            description={rate.data ? t('invoicing.form.rateSource', { fuente: rate.data.fuente === 'banxico' ? 'Banxico FIX' : t('invoicing.form.rateManual'), fecha: rate.data.fecha }) : undefined} />
        )}
        <TextInput label={t('invoicing.form.serie')} {...register('serie')} error={errors.serie?.message}
          description={folio.data ? t('invoicing.form.nextFolio', { folio: folio.data.folio }) : undefined}
          list="invoicing-series" />
        <datalist id="invoicing-series">{(catalogs?.series ?? []).map((s) => <option key={s.serie} value={s.serie} />)}</datalist>
        <FormSelect control={control} name="exportacion" label={t('invoicing.form.exportacion')} allowDeselect={false} data={options(catalogs?.exportaciones)} />
      </SimpleGrid>
      {client && client.v4_missing.length > 0 && (
        <Alert mt="sm" color="orange" variant="light" icon={<IconFileCertificate size={18} />} data-testid="invoice-client-v4">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('clientsV4.invoiceNotice')}</Text>
            <Button size="xs" variant="light" color="orange" onClick={() => onCompleteV4(client)}>{t('clientsV4.invoiceAction')}</Button>
          </Group>
        </Alert>
      )}
    </Card>
  );
}
