import { createBrowserRouter, Outlet, redirect, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { plansRoutes } from '../features/plans/routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { devOutboxRoutes } from '../features/dev-outbox/routes';
import { portalPublicRoutes } from '../features/portal/routes';
import { areaRoutes } from './area-routes';
import { emailConfirmRoute, invitationRoute } from '../features/workspace/routes';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { lazyPage } from '../shared/routing/lazy-route';
import {
  completeInformationLoader,
  guestLoader,
  protectedLoader,
  rootRedirectLoader,
} from './guards/route-loaders';

const statusPage = (name: 'NotFoundPage' | 'UnauthorizedPage' | 'SuspendedAccountPage' | 'PaySubscriptionPage') =>
  lazyPage(() => import('../features/account-status/pages/status-pages'), name);
const forgotPassword = lazyPage(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');

/**
 * Every route of spec §2 (the tree is shared by the browser router and the tests). Issue 19: each screen's
 * code is its own chunk (`lazy`), so /login downloads the login page and not the whole app; only the login
 * page itself is in the entry, being the first screen most visits open.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: '/', loader: rootRedirectLoader, element: null },
      // §2.1: guarded app routes inside the shell.
      {
        lazy: lazyPage(() => import('./layout/app-layout'), 'AppLayout'),
        loader: protectedLoader,
        // The guard, plan check and side effects run on every navigation (§2.4, §2.5).
        shouldRevalidate: () => true,
        children: [...dashboardRoutes, ...plansRoutes, ...areaRoutes],
      },
      // §2.2: no guard.
      // Issue 26: the invitation link works signed in (accept) or not (register).
      invitationRoute,
      // Decision 315: the link that confirms a person's new e-mail.
      emailConfirmRoute,
      { path: '/quiero-ser-premium', lazy: lazyPage(() => import('../features/plans/pages/premium-page'), 'PremiumPage') },
      // §2.3: full-layout routes.
      {
        element: <Outlet />,
        loader: guestLoader,
        shouldRevalidate: () => true,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/login-2', element: <LoginPage /> },
          { path: '/login-3', element: <LoginPage /> },
          { path: '/register', lazy: lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage') },
          { path: '/forgot-password', lazy: forgotPassword },
          { path: '/pages/authentication/forgot-password-v2', lazy: forgotPassword },
        ],
      },
      { path: '/verify-account', lazy: lazyPage(() => import('../features/auth/pages/verify-account-page'), 'VerifyAccountPage') },
      {
        path: '/register/complete-information', loader: completeInformationLoader,
        lazy: lazyPage(() => import('../features/auth/pages/complete-information-page'), 'CompleteInformationPage'),
      },
      { path: '/unauthorized', lazy: statusPage('UnauthorizedPage') },
      { path: '/suspended-account', lazy: statusPage('SuspendedAccountPage') },
      { path: '/suspended-account/pay-subscription', lazy: statusPage('PaySubscriptionPage') },
      { path: '/error-404', lazy: statusPage('NotFoundPage') },
      ...devOutboxRoutes,
      // Issue 29 §6: the self-invoicing page of an account, for its customers (no login).
      ...portalPublicRoutes,
      // Unknown paths go to the 404 page (§2.3, §8).
      { path: '*', loader: () => redirect('/error-404'), element: null },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
