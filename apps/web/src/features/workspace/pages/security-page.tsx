import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { TwoFactorCard } from '../components/two-factor-card';
import '../texts';

/** Issue 26 §7: the person's two-factor sign-in screen (the same card is on «Mis datos»). */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader title={t('workspace.security')} />
      <TwoFactorCard />
    </Stack>
  );
}
