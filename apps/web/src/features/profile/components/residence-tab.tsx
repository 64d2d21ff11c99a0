import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes, type PostalCodeInfo, type Profile } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { isApiError } from '../../../shared/api/api-error';
import { municipiosQuery, registrationCatalogsQuery } from '../../auth/api/registration-queries';
import { useProfileForm } from './use-profile-form';
import { FormSelect } from '../../../shared/ui/form-select';
import { FormAlert } from '../../../shared/ui/form-alert';


const VISIBLE = ['cp', 'estado', 'municipio', 'calle', 'numExterior', 'numInterior', 'colonia', 'timeZone'] as const;
/** The SAT data of a postal code; null when SAT has no such CP. */
async function lookupCp(cp: string): Promise<PostalCodeInfo | null> {
  try {
    return await call(routes['catalogs.postalCode'], { params: { cp }, passThrough: true });
  } catch (e) {
    if (isApiError(e) && (e.status === 404 || e.status === 422)) return null;
    throw e;
  }
}

/** Tab 4: the tax residence (domicilio fiscal); the CP fills estado and municipio from SAT's catalog. */
export function ResidenceTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { form, submit, saving, formError } = useProfileForm(profile, VISIBLE);
  const estado = form.watch('estado');
  const catalogs = useQuery(registrationCatalogsQuery());
  const municipios = useQuery({ ...municipiosQuery(estado || null), enabled: Boolean(estado) });
  const err = form.formState.errors;

  const onCp = async (cp: string) => {
    if (!/^\d{5}$/.test(cp)) return;
    const info = await lookupCp(cp).catch(() => null);
    if (!info) return form.setError('cp', { type: 'catalog', message: t('profile.residence.cpUnknown') });
    form.clearErrors('cp');
    form.setValue('estado', info.estado.clave, { shouldDirty: true });
    if (info.municipio) form.setValue('municipio', info.municipio.clave, { shouldDirty: true });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('profile.residence.text')}
        </Text>
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput
            label={t('profile.residence.cp')}
            inputMode="numeric"
            maxLength={5}
            {...form.register('cp', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => void onCp(e.target.value) })}
            error={err.cp?.message}
          />
          <FormSelect
            control={form.control}
            name="estado"
            label={t('profile.residence.estado')}
            searchable
            data={(catalogs.data?.estados ?? []).map((e) => ({ value: e.clave, label: e.nombre }))}
            onPicked={() => form.setValue('municipio', '')}
          />
          <FormSelect
            control={form.control}
            name="municipio"
            label={t('profile.residence.municipio')}
            searchable
            data={(municipios.data ?? []).map((m) => ({ value: m.clave, label: m.nombre }))}
            disabled={!estado}
          />
          <TextInput label={t('profile.residence.calle')} {...form.register('calle')} error={err.calle?.message} />
          <TextInput label={t('profile.residence.numExterior')} {...form.register('numExterior')} error={err.numExterior?.message} />
          <TextInput label={t('profile.residence.numInterior')} {...form.register('numInterior')} error={err.numInterior?.message} />
          <TextInput label={t('profile.residence.colonia')} {...form.register('colonia')} error={err.colonia?.message} />
          <FormSelect
            control={form.control}
            name="timeZone"
            label={t('profile.residence.timeZone')}
            data={catalogs.data?.timeZones ?? []}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
