import { i18n } from '../../../shared/i18n/i18n';
import { confirmAction } from '../../../shared/ui/confirm';
import '../texts';

/**
 * Stamping more than one receipt at once is asked first (issue 25 item 9): how many documents will be stamped
 * and how many stamps that uses, with the balance when it is known. One receipt is stamped at once.
 */
export function confirmBulkStamp(count: number, balance: number | undefined, onConfirm: () => void): void {
  if (count <= 1) return onConfirm();
  const text = i18n.t('prePayroll.confirmStamp.text', { count })
    + (balance === undefined ? '' : ` ${i18n.t('prePayroll.confirmStamp.balance', { count: balance })}`);
  confirmAction({
    title: i18n.t('prePayroll.confirmStamp.title', { count }),
    text,
    confirm: i18n.t('prePayroll.confirmStamp.confirm', { count }),
    cancel: i18n.t('prePayroll.confirmStamp.cancel'),
    color: 'blue',
    onConfirm,
  });
}
