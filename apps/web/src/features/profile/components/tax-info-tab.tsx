import { Box, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@facturo/contract';
import { registrationCatalogsQuery } from '../../../shared/catalogs/catalog-queries';
import { regimenOptionsFor } from '../../../shared/catalogs/regimen-options';
import { RegimeDetail } from '../../../shared/catalogs/regime-detail';
import type { ProfilePanel } from '../model/sections';
import { ActivitiesCard } from './activities-card';
import { CiecSummary, CredentialSummary } from './credential-summary';
import { ObligationsCard } from './obligations-card';
import { useProfileForm } from './use-profile-form';
import { FormSelect } from '../../../shared/ui/form-select';
import { FormAlert } from '../../../shared/ui/form-alert';

const VISIBLE = ['regimen', 'registroPatronal'] as const;
/** Tab 3: régimen fiscal, registro patronal (IMSS, for payroll), CSD / e.firma / CIEC on file, fiscal obligations and economic activities. */
export function TaxInfoTab({ profile, onPanel }: { profile: Profile; onPanel: (p: ProfilePanel) => void }) {
  const { t } = useTranslation();
  const { form, submit, saving, formError } = useProfileForm(profile, VISIBLE);
  const catalogs = useQuery(registrationCatalogsQuery());
  const regimen = useWatch({ control: form.control, name: 'regimen' });
  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <FormSelect
            control={form.control}
            name="regimen"
            label={t('profile.tax.regimen')}
            searchable
            w={{ base: '100%', md: 520 }}
            data={regimenOptionsFor(profile.rfc, catalogs.data?.regimen ?? [])}
          />
          <TextInput
            {...form.register('registroPatronal')}
            label={t('profile.tax.registroPatronal')}
            description={t('profile.tax.registroPatronalHint')}
            placeholder="Y5412345105"
            maxLength={14}
            w={{ base: '100%', md: 240 }}
            error={form.formState.errors.registroPatronal?.message}
          />
          <Button type="submit" loading={saving}>
            {t('profile.save')}
          </Button>
        </Group>
        <Box mt="xs" maw={{ base: '100%', md: 520 }}><RegimeDetail clave={regimen} /></Box>
        <FormAlert message={formError} />
      </form>
      <Title order={5}>{t('profile.tax.credentials')}</Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <CredentialSummary kind="csd" rfc={profile.rfc} onOpen={() => onPanel('csd')} />
        <CredentialSummary kind="efirma" rfc={profile.rfc} onOpen={() => onPanel('efirma')} />
        <CiecSummary rfc={profile.rfc} onOpen={() => onPanel('ciec')} />
      </SimpleGrid>
      <ObligationsCard rfc={profile.rfc} />
      <ActivitiesCard rfc={profile.rfc} />
    </Stack>
  );
}
