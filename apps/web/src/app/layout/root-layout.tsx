import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavigationOverlay } from './navigation-overlay';
import { useLiveSession } from '../live/use-live-session';
import { useUpgradeDialogOpen } from '../../features/plans/model/upgrade-dialog-store';

// The dialog's code (a modal with its focus trap) arrives the first time it opens, not with /login.
const UpgradeDialogHost = lazy(() => import('../../features/plans/components/upgrade-dialog').then((m) => ({ default: m.UpgradeDialogHost })));

/** Root of every route: navigation overlay and the live channel of the session. */
export function RootLayout() {
  useLiveSession();
  const upgradeOpened = useUpgradeDialogOpen();
  return (
    <>
      <NavigationOverlay />
      {upgradeOpened && <Suspense fallback={null}><UpgradeDialogHost /></Suspense>}
      <Outlet />
    </>
  );
}
