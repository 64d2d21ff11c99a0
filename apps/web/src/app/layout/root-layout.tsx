import { Outlet } from 'react-router';
import { NavigationOverlay } from './navigation-overlay';
import { useLiveSession } from '../live/use-live-session';
import { UpgradeDialogHost } from '../../features/plans/components/upgrade-dialog';

/** Root of every route: navigation overlay and the live channel of the session. */
export function RootLayout() {
  useLiveSession();
  return (
    <>
      <NavigationOverlay />
      <UpgradeDialogHost />
      <Outlet />
    </>
  );
}
