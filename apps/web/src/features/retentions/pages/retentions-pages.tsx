import { useState } from 'react';
import { Button, Card, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import { usePeriod } from '../../../shared/period/period-store';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { toastSuccess } from '../../../shared/ui/toasts';
import { ImportCfdiButton } from '../../cfdi-import/public';
import { receivedStatsQuery } from '../api/retentions-api';
import { IssueRetentionForm } from '../components/issue-retention-form';
import { RetentionsTable } from '../components/retentions-table';
import '../texts';

/** /retentions/issued: the month's issued constancias and "Emitir retención" (Retenciones 2.0, sealed and stamped). */
export function RetentionsIssuedPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="md">
      <PageHeader title={t('retentions.issuedTitle')}
        action={<Button leftSection={<IconReceiptTax size={16} />} onClick={() => setOpen(true)}>{t('retentions.issue')}</Button>} />
      <RetentionsTable direction="issued" />
      <Modal opened={open} onClose={() => setOpen(false)} title={t('retentions.issue')} size="xl">
        <IssueRetentionForm year={period.year} month={period.month} onIssued={(uuid) => {
          setOpen(false);
          toastSuccess(t('retentions.issued', { uuid }));
          void queryClient.invalidateQueries({ queryKey: ['retentions', rfc] });
        }} />
      </Modal>
    </Stack>
  );
}

const STATS = ['total_isr_retenido', 'total_iva_retenido', 'total_retenido', 'total_operacion'] as const;

/** /retentions/received: stat cards (ISR, IVA, total retenido, operación), the list, and the XML import. */
export function RetentionsReceivedPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const stats = useQuery(receivedStatsQuery(rfc, period));
  return (
    <Stack gap="md">
      <PageHeader title={t('retentions.receivedTitle')} action={<ImportCfdiButton />} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {STATS.map((k) => (
          <Card key={k} withBorder radius="md" padding="sm" data-testid={`retention-stat-${k}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`retentions.stats.${k}`)}</Text>
            <Text fw={700} size="lg">{stats.data ? formatMoney(stats.data[k]) : '—'}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <RetentionsTable direction="received" />
    </Stack>
  );
}
