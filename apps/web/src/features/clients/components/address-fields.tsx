import { useEffect, useState } from 'react';
import { Badge, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lookupPostalCode, municipalitiesQuery, statesQuery } from '../api/clients-api';
import type { ClientFormValues } from '../model/client-form';
import { FormSelect } from '../../../shared/ui/form-select';

/**
 * Domicilio fiscal: typing a 5-digit CP looks it up in SAT's c_CodigoPostal and fills estado and
 * municipio (the user may still change the municipio when the CP spans several); a border-region
 * CP shows the IVA 8 % note.
 */
export function AddressFields() {
  const { t } = useTranslation();
  const { control, register, setValue, getValues, setError, clearErrors, formState } = useFormContext<ClientFormValues>();
  const cpTyped = Boolean(formState.dirtyFields.domicilio?.cp);
  const cp = useWatch({ control, name: 'domicilio.cp' });
  const state = useWatch({ control, name: 'state' });
  const states = useQuery(statesQuery());
  const municipalities = useQuery(municipalitiesQuery(state || null));
  const [border, setBorder] = useState(false);
  const [looking, setLooking] = useState(false);

  useEffect(() => {
    setBorder(false);
    if (!/^\d{5}$/.test(cp ?? '')) return;
    let live = true;
    setLooking(true);
    lookupPostalCode(cp)
      .then((info) => {
        if (!live) return;
        if (!info) {
          setError('domicilio.cp', { type: 'lookup', message: t('clients.form.cpNotFound', { cp }) });
          return;
        }
        clearErrors('domicilio.cp');
        setBorder(info.regionFronteriza);
        // A stored customer opens with its own estado/municipio (a CP may span municipios): keep them
        // until the user types another CP.
        if (!cpTyped && getValues('state') === info.estado.clave && getValues('municipality')) return;
        setValue('state', info.estado.clave, { shouldDirty: true });
        setValue('municipality', info.municipio?.clave ?? '', { shouldDirty: true });
      })
      .catch(() => undefined)
      .finally(() => live && setLooking(false));
    return () => {
      live = false;
    };
  }, [cp, cpTyped, setValue, getValues, setError, clearErrors, t]);

  const err = formState.errors;
  return (
    <>
      <Group align="end" gap="sm">
        <TextInput
          label={t('clients.form.cp')}
          inputMode="numeric"
          maxLength={5}
          w={240}
          {...register('domicilio.cp')}
          error={err.domicilio?.cp?.message}
          rightSection={looking ? <span aria-hidden>…</span> : undefined}
        />
        {border && (
          <Badge color="orange" variant="light" size="lg" mb={err.domicilio?.cp ? 22 : 4} data-testid="border-region">
            {t('clients.form.borderRegion')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormSelect
          control={control}
          name="state"
          label={t('clients.form.state')}
          searchable
          data={(states.data ?? []).map((e) => ({ value: e.clave, label: e.nombre }))}
          onPicked={() => setValue('municipality', '')}
        />
        <FormSelect
          control={control}
          name="municipality"
          label={t('clients.form.municipality')}
          searchable
          placeholder={state ? undefined : t('clients.form.stateFirst')}
          data={(municipalities.data ?? []).map((m) => ({ value: m.clave, label: m.nombre }))}
          disabled={!state}
        />
      </SimpleGrid>
    </>
  );
}
