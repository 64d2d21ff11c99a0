import type { ReactNode } from 'react';
import { Box, Overlay, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shared/session/session-store';
import { userPlanQuery } from '../api/get-user-plan';
import { hasFeature } from '../model/product-route-access';
import { openUpgradeDialog } from '../model/upgrade-dialog-store';

/**
 * Shows `children` when the plan has `featureId` (§6); otherwise a locked panel with
 * "Actualiza a premium para desbloquear esta funcionalidad" that opens the upgrade dialog.
 */
export function FeatureGate({ featureId, children, minHeight = 120 }: { featureId: number; children: ReactNode; minHeight?: number }) {
  const { user } = useSession();
  const plan = useQuery({ ...userPlanQuery(user?.username ?? ''), enabled: Boolean(user), staleTime: 30_000 });
  if (plan.data && hasFeature(plan.data, featureId)) return <>{children}</>;
  return <LockedFeature minHeight={minHeight} />;
}

/** Locked panel (§6 message) with the upgrade dialog. */
export function LockedFeature({ minHeight = 120 }: { minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton onClick={openUpgradeDialog} w="100%" data-testid="locked-feature">
        <Paper withBorder radius="md" pos="relative" mih={minHeight} style={{ overflow: 'hidden' }}>
          <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.85} blur={2} center>
            <Stack align="center" gap={6} p="md" ta="center">
              <IconLock size={28} color="var(--mantine-color-orange-6)" />
              <Text fw={600} size="sm">
                {t('plans.locked')}
              </Text>
            </Stack>
          </Overlay>
          <Box h={minHeight} />
        </Paper>
    </UnstyledButton>
  );
}
