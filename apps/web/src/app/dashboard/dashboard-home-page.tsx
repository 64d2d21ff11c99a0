import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MONTHS } from '@facturo/contract';
import { useSession } from '../../shared/session/session-store';
import { usePeriod } from '../../shared/period/period-store';
import { ProcessesList } from '../../features/background/components/processes-list';
import { DashboardFigures } from '../../features/dashboard/public';
import { BankCashBasis, RepDeadlineAlert } from '../../features/bank/public';
import { SatDownloadButton } from '../../features/sat-download/public';
import { CiecCard } from './ciec-card';

/**
 * Dashboard home (spec §2.7): the month's figures on SAT's cash basis with their charts (what the plan
 * includes), then the CIEC card and the background processes (both fed live by the socket).
 */
export function DashboardHomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { month, year } = usePeriod();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{t('dashboard.welcome', { name: user?.fullName || user?.username })}</Title>
          <Text c="dimmed">
            {t('dashboard.title')} · {MONTHS[month - 1]} {year}
          </Text>
        </div>
        <SatDownloadButton />
      </Group>
      <RepDeadlineAlert />
      <DashboardFigures />
      <BankCashBasis month={month} year={year} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CiecCard />
        <ProcessesList />
      </SimpleGrid>
    </Stack>
  );
}
