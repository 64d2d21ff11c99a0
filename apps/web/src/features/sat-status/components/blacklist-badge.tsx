import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The row's counterparty is on SAT's 69-B list as presunto or definitivo (withBlacklist, features 71/72). */
export function BlacklistBadge({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <Tooltip label={t('satStatus.blacklist.tooltip')} multiline w={260} withinPortal>
      <Badge ml={4} color="red" variant="filled" data-testid="badge-69b">{t('satStatus.blacklist.badge')}</Badge>
    </Tooltip>
  );
}
