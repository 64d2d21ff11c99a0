import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isCancelledError } from '@tanstack/react-query';
import type { PlansData } from '@facturo/contract';
import { getToken, getUser, updateUser } from '../../shared/session/session-store';
import { queryClient } from '../../shared/api/query-client';
import { userPlanQuery } from '../../features/plans/api/get-user-plan';
import { isRouteBlockedByPlan } from '../../features/plans/model/product-route-access';
import { openUpgradeDialog } from '../../features/plans/model/upgrade-dialog-store';
import { backgroundProcessesQuery } from '../../features/background/api/background-processes';
import { runNotificationCheck } from './notification-check-runner';
import { completeInformationRedirect, guestRouteRedirect, protectedRouteRedirect } from './guard-rules';

/** §9: wait for plan data at most 3 s; after that the navigation proceeds without it. */
export const planWaitMs = 3000;

function waitAtMost<T>(p: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/** Fetches plan access (§2.5) and applies a role change it reports (§6). */
async function loadPlan(rfc: string, currentRol: number): Promise<PlansData | null> {
  // fetchQuery shares an in-flight request, so a running fetch is never duplicated (§5). An invalidation of the plan
  // during its first read restarts that read (query-client.ts): this navigation then waits for the new one.
  const read = () => queryClient.fetchQuery(userPlanQuery(rfc));
  const plan = await waitAtMost(read().catch((e: unknown) => (isCancelledError(e) ? read() : Promise.reject(e))), planWaitMs);
  if (plan && plan.rol !== currentRol) {
    // §6: a new role updates the stored rol_id and refetches the customer payment data.
    updateUser({ rol_id: plan.rol });
    void queryClient.invalidateQueries({ queryKey: ['payments', rfc] });
  }
  return plan;
}

/**
 * Loader of the guarded layout (§2.1, §2.4, §2.5): redirects, then starts the
 * background-process check and urgent-notification check, and blocks product routes
 * the plan does not allow (→ /plans).
 */
export async function protectedLoader({ request }: LoaderFunctionArgs) {
  const user = getUser();
  const to = protectedRouteRedirect(getToken(), user);
  if (to) throw redirect(to);
  const rfc = user!.username;
  const pathname = new URL(request.url).pathname;
  void queryClient.fetchQuery({ ...backgroundProcessesQuery(rfc), staleTime: 0 }).catch(() => undefined);
  void runNotificationCheck();
  // §2.4: payments are fetched on every guarded navigation except the payments route (a failed last one is flagged).
  // Loaded on demand: the payments code stays out of /login's first load.
  if (pathname !== '/payments') {
    void import('../../features/payments/api/payments-api')
      .then(({ paymentsQuery }) => queryClient.fetchQuery({ ...paymentsQuery(rfc), staleTime: 0 }))
      .catch(() => undefined);
  }
  const plan = await loadPlan(rfc, user!.rol_id);
  if (plan && pathname !== '/plans' && isRouteBlockedByPlan(pathname, plan)) {
    // §6: say why the page changed ("Ahh... Aún no eres usuario premium.") over the plans page.
    openUpgradeDialog();
    throw redirect('/plans');
  }
  return null;
}

/** Loader of login-type routes. */
export function guestLoader({ request }: LoaderFunctionArgs) {
  const to = guestRouteRedirect(getToken(), getUser(), new URL(request.url).pathname);
  if (to) throw redirect(to);
  return null;
}

/** Loader of /register/complete-information. */
export function completeInformationLoader() {
  const to = completeInformationRedirect(getToken(), getUser());
  if (to) throw redirect(to);
  return null;
}

/** `/` goes to /login (which forwards a logged-in user home). */
export function rootRedirectLoader() {
  return redirect('/login');
}
