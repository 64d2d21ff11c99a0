import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  REGIMEN_SIN_OBLIGACIONES, RFC_EXTRANJERO, RFC_PUBLICO_GENERAL, splitRegimenCapital, type Client,
} from '@facturo/contract';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { toastSuccess } from '../../../shared/ui/toasts';
import { clientKeys, patchClientV4, taxRegimesQuery, usosCfdiQuery } from '../api/clients-api';
import { v4FormToBody, v4FormValues, type ClientV4Form } from '../model/client-v4';
import { RegimeDetail } from '../../../shared/catalogs/regime-detail';

interface Props {
  rfc: string;
  /** The customer to complete; null keeps the dialog closed. */
  client: Client | null;
  onClose: () => void;
  /** The customer as the API saved it (the invoicing form keeps it as its receptor). */
  onSaved?: (client: Client) => void;
}

/**
 * "Completar datos CFDI 4.0" (spec §7.9 PATCH v4): the receptor data a customer lacks — razón social
 * without the régimen capital, régimen fiscal, CP of the domicilio fiscal and uso CFDI — listed as the API
 * judged them (`v4_missing`) and completed in one `PATCH /api/clients/{id}/v4`.
 */
export function ClientV4Dialog({ rfc, client, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string[] | null>(null);
  const { control, register, handleSubmit, reset, setValue, setError, formState: { errors } } = useForm<ClientV4Form>({ defaultValues: v4FormValues(null) });
  useEffect(() => {
    if (client) {
      reset(v4FormValues(client));
      setFormError(null);
    }
  }, [client, reset]);

  const generic = client?.rfc === RFC_PUBLICO_GENERAL || client?.rfc === RFC_EXTRANJERO;
  const persona = client?.persona ?? 'fisica';
  const [regimen, rSocial] = useWatch({ control, name: ['regimen', 'r_social'] });
  const regimes = useQuery({ ...taxRegimesQuery(), enabled: Boolean(client) });
  const usos = useQuery({ ...usosCfdiQuery(regimen || null, persona), enabled: Boolean(client && regimen) });
  const regimeOptions = useMemo(() => (regimes.data ?? [])
    .filter((r) => (generic ? r.clave === REGIMEN_SIN_OBLIGACIONES : r[persona]))
    .map((r) => ({ value: r.clave, label: `${r.clave} - ${r.descripcion}` })), [regimes.data, generic, persona]);
  // Told while typing, as the API would judge it after saving.
  const capital = persona === 'moral' ? splitRegimenCapital(rSocial ?? '') : null;

  const save = useMutation({
    mutationFn: (v: ClientV4Form) => patchClientV4(client!.id, v4FormToBody(v, client!)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.all(rfc) });
      toastSuccess(saved.v4_missing.length ? t('clientsV4.savedPending') : t('clientsV4.saved', { name: saved.display }));
      onSaved?.(saved);
      onClose();
    },
    onError: (e) => setFormError(setServerErrors(e, setError, ['r_social', 'regimen', 'cp', 'uso_cfdi'], { alias: { 'domicilio.cp': 'cp', body: 'r_social' } })),
  });

  return (
    <Modal opened={Boolean(client)} onClose={onClose} size="lg" title={t('clientsV4.title')} data-testid="client-v4-dialog">
      {client && (
        <form noValidate onSubmit={handleSubmit((v) => { setFormError(null); save.mutate(v); })}>
          <Stack gap="sm">
            <Text size="sm">{t('clientsV4.intro', { name: client.display })}</Text>
            {client.v4_missing.length > 0 && (
              <Alert color="orange" variant="light" icon={<IconFileCertificate size={18} />} title={t('clientsV4.missingTitle')}>
                <List size="sm" spacing={2} data-testid="client-v4-gaps">
                  {client.v4_missing.map((g) => <List.Item key={`${g.field}-${g.message}`}>{g.message}</List.Item>)}
                </List>
              </Alert>
            )}
            <FormAlert message={formError} testId="client-v4-error" />
            <TextInput label={t('clientsV4.rSocial')} description={t('clientsV4.rSocialHint')} {...register('r_social')}
              error={errors.r_social?.message ?? (capital ? t('clientsV4.capitalWarning', { capital: capital.capital }) : undefined)}
              rightSectionWidth={capital ? 110 : undefined}
              rightSection={capital ? (
                <Button size="compact-xs" variant="light" onClick={() => setValue('r_social', capital.nombre)}>{t('clientsV4.removeCapital')}</Button>
              ) : undefined} />
            <Controller control={control} name="regimen" render={({ field }) => (
              <Select label={t('clientsV4.regimen')} searchable data={regimeOptions} value={field.value || null}
                onChange={(v) => { field.onChange(v ?? ''); setValue('uso_cfdi', ''); }}
                error={errors.regimen?.message} nothingFoundMessage={t('clientsV4.nothingFound')} />
            )} />
            <RegimeDetail clave={regimen} />
            {!generic && (
              <TextInput label={t('clientsV4.cp')} description={t('clientsV4.cpHint')} inputMode="numeric" maxLength={5}
                {...register('cp')} error={errors.cp?.message} />
            )}
            <Controller control={control} name="uso_cfdi" render={({ field }) => (
              <Select label={t('clientsV4.usoCfdi')} searchable value={field.value || null} onChange={(v) => field.onChange(v ?? '')}
                data={(usos.data ?? []).map((u) => ({ value: u.clave, label: `${u.clave} - ${u.descripcion}` }))}
                placeholder={regimen ? undefined : t('clientsV4.regimenFirst')} disabled={!regimen} error={errors.uso_cfdi?.message} />
            )} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>{t('clientsV4.cancel')}</Button>
              <Button type="submit" loading={save.isPending}>{t('clientsV4.save')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
