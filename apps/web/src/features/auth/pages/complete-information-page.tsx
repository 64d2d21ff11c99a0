import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { completeAccountSchema, personaFromRfc, type CompleteAccountInput } from '@facturo/contract';
import { FullPage } from '../../../shared/ui/full-page';
import { useSession } from '../../../shared/session/session-store';
import { completeAccount } from '../api/auth-api';
import { municipiosQuery, registrationCatalogsQuery } from '../../../shared/catalogs/catalog-queries';
import { afterLogin } from '../model/after-login';
import { applyServerErrors } from '../../../shared/api/form-server-errors';
import { regimenOptionsFor } from '../../../shared/catalogs/regimen-options';
import { FormAlert } from '../../../shared/ui/form-alert';
import { FormSelect } from '../../../shared/ui/form-select';

const fields = ['fullName', 'regimen', 'cp', 'estado', 'municipio', 'timeZone'] as const;

/** Completes the fiscal profile after verification (§2.7), with the registration catalogues. */
export function CompleteInformationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const rfc = user?.username ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CompleteAccountInput>({
    resolver: zodResolver(completeAccountSchema),
    defaultValues: { fullName: user?.fullName ?? '', regimen: '', cp: '', estado: '', municipio: '', timeZone: 'America/Mexico_City' },
  });
  const estado = form.watch('estado');
  const catalogs = useQuery(registrationCatalogsQuery());
  const municipios = useQuery({ ...municipiosQuery(estado || null), enabled: Boolean(estado) });

  const mutation = useMutation({
    mutationFn: completeAccount,
    onSuccess: (res) => navigate(afterLogin(res), { replace: true }),
    onError: (err) => setFormError(applyServerErrors(err, form.setError, fields, t('auth.complete.failed'))),
  });
  const submit = form.handleSubmit((v) => {
    setFormError(null);
    mutation.mutate(v);
  });
  const err = form.formState.errors;
  const persona = rfc ? personaFromRfc(rfc) : 'fisica';

  return (
    <FullPage title={t('auth.complete.title')} subtitle={t('auth.complete.subtitle')} width={640}>
      <Group gap="xs">
        <Badge variant="light" size="lg">
          {rfc}
        </Badge>
        <Badge variant="outline" color="gray">
          {t('auth.complete.persona', { tipo: t(`auth.complete.${persona}`) })}
        </Badge>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <TextInput label={t('auth.complete.fullName')} {...form.register('fullName')} error={err.fullName?.message} autoFocus />
          <FormSelect
            control={form.control}
            name="regimen"
            label={t('auth.complete.regimen')}
            searchable
            data={regimenOptionsFor(rfc, catalogs.data?.regimen ?? [])}
            disabled={catalogs.isPending}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormSelect
              control={form.control}
              name="estado"
              label={t('auth.complete.estado')}
              searchable
              data={(catalogs.data?.estados ?? []).map((e) => ({ value: e.clave, label: e.nombre }))}
              onPicked={() => form.setValue('municipio', '')}
              disabled={catalogs.isPending}
            />
            <FormSelect
              control={form.control}
              name="municipio"
              label={t('auth.complete.municipio')}
              searchable
              placeholder={estado ? undefined : t('auth.complete.selectEstadoFirst')}
              data={(municipios.data ?? []).map((m) => ({ value: m.clave, label: m.nombre }))}
              disabled={!estado || municipios.isFetching}
            />
            <TextInput label={t('auth.complete.cp')} inputMode="numeric" maxLength={5} {...form.register('cp')} error={err.cp?.message} />
            <FormSelect
              control={form.control}
              name="timeZone"
              label={t('auth.complete.timeZone')}
              data={catalogs.data?.timeZones ?? []}
              disabled={catalogs.isPending}
            />
          </SimpleGrid>
          <Button type="submit" loading={mutation.isPending} mt="xs">
            {t('auth.complete.submit')}
          </Button>
        </Stack>
      </form>
    </FullPage>
  );
}
