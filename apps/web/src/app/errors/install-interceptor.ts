import { setApiInterceptors } from '../../shared/api/api-client';
import { clearSession } from '../../shared/session/session-store';
import { toastDanger, toastError } from '../../shared/ui/toasts';
import { toastNoStamps } from './no-stamps-toast';
import { t } from '../../shared/i18n/i18n';
import { setNavHidden } from '../layout/nav-visibility';
import { runNotificationCheck } from '../guards/notification-check-runner';
import { createErrorInterceptor } from './error-interceptor';
import { openUpgradeDialog } from '../../features/plans/model/upgrade-dialog-store';

/** Wires the §8 interceptor to the router and the toasts. */
export function installInterceptor(navigate: (to: string) => void): void {
  setApiInterceptors(
    createErrorInterceptor({
      navigate,
      pathname: () => window.location.pathname,
      setNavHidden,
      toastError: (lines) => toastError(lines),
      toastTooMany: () => toastDanger(t('toast.tooMany.title'), t('toast.tooMany.text'), 'too-many-requests'),
      onLockedFeature: openUpgradeDialog,
      onNoStamps: (lines) => toastNoStamps(lines, navigate),
      onUnauthenticated: () => {
        clearSession();
        toastError([t('toast.sessionExpired')]);
        navigate('/login');
      },
      onSuccessfulResponse: () => void runNotificationCheck(),
    }),
  );
}
