import { Alert, Anchor, Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/format/dates';
import { useSession } from '../../../shared/session/session-store';
import { pendingRepsQuery } from '../api/bank-api';
import '../texts';

/** Pending payment complements of the signed-in account (one shared query for every row and the dashboard). */
function usePendingReps() {
  const rfc = useSession().user?.username ?? '';
  return useQuery({ ...pendingRepsQuery(rfc), enabled: !!rfc });
}

/** Incomes list: a PPD invoice paid in the bank without its REP shows the deadline (issue 27 §3). */
export function RepDeadlineBadge({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const pending = usePendingReps().data?.data.find((p) => p.uuid.toUpperCase() === uuid.toUpperCase());
  if (!pending) return null;
  return <Badge size="xs" color="orange" variant="light" data-testid="rep-deadline">{t('bank.repDeadline.badge', { fecha: formatDay(pending.vence) })}</Badge>;
}

/** Dashboard: how many complements are due and the nearest deadline, with the way to stamp them. */
export function RepDeadlineAlert() {
  const { t } = useTranslation();
  const data = usePendingReps().data;
  if (!data?.total || !data.vence) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="rep-deadline-alert" title={t('bank.repDeadline.title', { count: data.total, fecha: formatDay(data.vence) })}>
      <Anchor component={Link} to="/bancos">{t('bank.repDeadline.action')}</Anchor>
    </Alert>
  );
}
