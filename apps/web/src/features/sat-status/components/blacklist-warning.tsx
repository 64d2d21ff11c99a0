import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { BlacklistEntry } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { i18n } from '../../../shared/i18n/i18n';

/**
 * Before stamping for a customer on SAT's 69-B list (presunto or definitivo): a warning the user must confirm;
 * stamping stays allowed. Resolves true to go on, false to go back.
 */
export function confirmBlacklistedCustomer(entry: BlacklistEntry): Promise<boolean> {
  const t = i18n.t.bind(i18n);
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t('satStatus.blacklist.warningTitle'),
      children: (
        <>
          <Text size="sm" mb="xs" data-testid="blacklist-warning">
            {t('satStatus.blacklist.warningText', {
              rfc: entry.rfc, nombre: entry.nombre ?? entry.rfc, situacion: (entry.situacion ?? '').toLowerCase(),
              fecha: entry.fechaPublicacion ? formatDay(entry.fechaPublicacion) : '—',
            })}
          </Text>
          <Text size="sm" c="dimmed">{t('satStatus.blacklist.warningHint')}</Text>
        </>
      ),
      labels: { confirm: t('satStatus.blacklist.stampAnyway'), cancel: t('satStatus.blacklist.goBack') },
      confirmProps: { color: 'orange' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
