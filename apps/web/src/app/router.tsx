import { createBrowserRouter, Outlet, redirect, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { RegisterPage } from '../features/auth/pages/register-page';
import { VerifyAccountPage } from '../features/auth/pages/verify-account-page';
import { CompleteInformationPage } from '../features/auth/pages/complete-information-page';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import {
  NotFoundPage,
  PaySubscriptionPage,
  SuspendedAccountPage,
  UnauthorizedPage,
} from '../features/account-status/pages/status-pages';
import { PremiumPage } from '../features/plans/pages/premium-page';
import { plansRoutes } from '../features/plans/routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { devOutboxRoutes } from '../features/dev-outbox/routes';
import { areaRoutes } from './area-routes';
import { AppLayout } from './layout/app-layout';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import {
  completeInformationLoader,
  guestLoader,
  protectedLoader,
  rootRedirectLoader,
} from './guards/route-loaders';

/** Every route of spec §2 (the tree is shared by the browser router and the tests). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: '/', loader: rootRedirectLoader, element: null },
      // §2.1: guarded app routes inside the shell.
      {
        element: <AppLayout />,
        loader: protectedLoader,
        // The guard, plan check and side effects run on every navigation (§2.4, §2.5).
        shouldRevalidate: () => true,
        children: [...dashboardRoutes, ...plansRoutes, ...areaRoutes],
      },
      // §2.2: no guard.
      { path: '/quiero-ser-premium', element: <PremiumPage /> },
      // §2.3: full-layout routes.
      {
        element: <Outlet />,
        loader: guestLoader,
        shouldRevalidate: () => true,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/login-2', element: <LoginPage /> },
          { path: '/login-3', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/pages/authentication/forgot-password-v2', element: <ForgotPasswordPage /> },
        ],
      },
      { path: '/verify-account', element: <VerifyAccountPage /> },
      { path: '/register/complete-information', element: <CompleteInformationPage />, loader: completeInformationLoader },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { path: '/suspended-account', element: <SuspendedAccountPage /> },
      { path: '/suspended-account/pay-subscription', element: <PaySubscriptionPage /> },
      { path: '/error-404', element: <NotFoundPage /> },
      ...devOutboxRoutes,
      // Unknown paths go to the 404 page (§2.3, §8).
      { path: '*', loader: () => redirect('/error-404'), element: null },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
