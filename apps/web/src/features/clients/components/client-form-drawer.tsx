import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Drawer, Group, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { clientInputSchema, REGIMEN_SIN_OBLIGACIONES, USO_SIN_EFECTOS, type Client, type ClientValues } from '@facturo/contract';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { toastSuccess } from '../../../shared/ui/toasts';
import { clientKeys, countriesQuery, createClient, taxRegimesQuery, updateClient, usosCfdiQuery } from '../api/clients-api';
import { CLIENT_FIELDS, clientToForm, emptyClientForm, formToInput, rfcKind, type ClientFormValues } from '../model/client-form';
import { AddressFields } from './address-fields';
import { CsfUploadButton } from './csf-upload-button';
import { FormAlert } from '../../../shared/ui/form-alert';
import { RegimeDetail } from '../../../shared/catalogs/regime-detail';

// The contract's schema judges what the API will receive, so the form and the API agree on every message.
const formSchema = z.custom<ClientFormValues>().transform(formToInput).pipe(clientInputSchema);

interface Props {
  rfc: string;
  opened: boolean;
  /** The customer being edited; undefined for a new one. */
  client?: Client;
  onClose: () => void;
}

/** Side panel (Drawer) to add or edit a customer (spec §2.7, §7.9). */
export function ClientFormDrawer({ rfc, opened, client, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string[] | null>(null);
  const form = useForm<ClientFormValues, unknown, ClientValues>({ resolver: zodResolver(formSchema), defaultValues: emptyClientForm() });
  const { control, register, handleSubmit, reset, setValue, setError, formState: { errors } } = form;

  useEffect(() => {
    if (opened) {
      reset(client ? clientToForm(client) : emptyClientForm());
      setFormError(null);
    }
  }, [opened, client, reset]);

  const rfcValue = useWatch({ control, name: 'rfc' });
  const regimen = useWatch({ control, name: 'regimen' });
  const kind = rfcKind(rfcValue ?? '');
  const persona = kind === 'moral' ? 'moral' : 'fisica';
  const regimes = useQuery(taxRegimesQuery());
  const usos = useQuery({ ...usosCfdiQuery(regimen || null, persona), enabled: Boolean(regimen) });
  const countries = useQuery({ ...countriesQuery(), enabled: kind === 'extranjero' });

  const regimeOptions = useMemo(() => (regimes.data ?? [])
    .filter((r) => (kind === 'publico' || kind === 'extranjero' ? r.clave === REGIMEN_SIN_OBLIGACIONES : kind ? r[persona] : true))
    .map((r) => ({ value: r.clave, label: `${r.clave} - ${r.descripcion}` })), [regimes.data, kind, persona]);

  // Generic RFCs carry fixed régimen (and uso for público en general): fill them in for the user.
  useEffect(() => {
    if (kind === 'publico' || kind === 'extranjero') setValue('regimen', REGIMEN_SIN_OBLIGACIONES);
    if (kind === 'publico') setValue('uso_cfdi', USO_SIN_EFECTOS);
  }, [kind, setValue]);

  const save = useMutation({
    mutationFn: (v: ClientValues) => (client ? updateClient(client.id, v) : createClient(v)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.all(rfc) });
      toastSuccess(client ? t('clients.saved.updated') : t('clients.saved.created'));
      onClose();
    },
    onError: (e) => setFormError(setServerErrors(e, setError, CLIENT_FIELDS)),
  });

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={client ? t('clients.form.editTitle') : t('clients.form.newTitle')}>
      <FormProvider {...form}>
        <form onSubmit={handleSubmit((v) => { setFormError(null); save.mutate(v); })} noValidate>
          <Stack gap="sm">
            <FormAlert message={formError} testId="client-form-error" />
            {!client && (
              <Group justify="space-between">
                <CsfUploadButton
                  onRead={(csf) => {
                    setValue('rfc', csf.rfc);
                    setValue('r_social', csf.r_social);
                    if (csf.cp) setValue('domicilio.cp', csf.cp);
                    if (csf.state) setValue('state', csf.state);
                    if (csf.municipality) setValue('municipality', csf.municipality);
                    if (csf.regimen) setValue('regimen', csf.regimen);
                  }}
                />
              </Group>
            )}
            <Group align="end" gap="sm" wrap="nowrap">
              <TextInput label={t('clients.form.rfc')} style={{ flex: 1 }} {...register('rfc')} error={errors.rfc?.message} autoFocus
                onInput={(e) => { e.currentTarget.value = e.currentTarget.value.toUpperCase(); }} />
              {kind && <Badge variant="light" mb={errors.rfc ? 22 : 6}>{t(`clients.kind.${kind}`)}</Badge>}
            </Group>
            <TextInput label={t('clients.form.rSocial')} description={t('clients.form.rSocialHint')} {...register('r_social')} error={errors.r_social?.message} />
            <Controller control={control} name="regimen" render={({ field }) => (
              <Select label={t('clients.form.regimen')} searchable data={regimeOptions} value={field.value || null}
                onChange={(v) => { field.onChange(v ?? ''); setValue('uso_cfdi', kind === 'publico' ? USO_SIN_EFECTOS : ''); }}
                error={errors.regimen?.message} nothingFoundMessage={t('clients.form.nothingFound')} />
            )} />
            <RegimeDetail clave={regimen} />
            <Controller control={control} name="uso_cfdi" render={({ field }) => (
              <Select label={t('clients.form.usoCfdi')} searchable value={field.value || null} onChange={(v) => field.onChange(v ?? '')}
                data={(usos.data ?? []).map((u) => ({ value: u.clave, label: `${u.clave} - ${u.descripcion}` }))}
                placeholder={regimen ? undefined : t('clients.form.regimenFirst')} disabled={!regimen} error={errors.uso_cfdi?.message} />
            )} />
            <Controller control={control} name="email" render={({ field }) => (
              <TagsInput label={t('clients.form.emails')} description={t('clients.form.emailsHint')} value={field.value} onChange={field.onChange}
                splitChars={[',', ' ', ';']} clearable error={errors.email?.message ?? (errors.email as unknown as { message?: string }[] | undefined)?.find?.((x) => x?.message)?.message} />
            )} />
            {kind === 'extranjero' ? (
              <>
                <Controller control={control} name="pais" render={({ field }) => (
                  <Select label={t('clients.form.pais')} searchable value={field.value || null} onChange={(v) => field.onChange(v ?? '')}
                    data={(countries.data ?? []).map((p) => ({ value: p.clave, label: `${p.clave} - ${p.descripcion}` }))} error={errors.pais?.message} />
                )} />
                <TextInput label={t('clients.form.numRegIdTrib')} {...register('num_reg_id_trib')} error={errors.num_reg_id_trib?.message} />
              </>
            ) : (
              <AddressFields />
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>{t('clients.form.cancel')}</Button>
              <Button type="submit" loading={save.isPending}>{t('clients.form.save')}</Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Drawer>
  );
}
