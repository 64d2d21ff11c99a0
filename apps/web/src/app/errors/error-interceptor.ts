import type { ApiInterceptors, ApiRequestOptions } from '../../shared/api/api-client';
import { messages } from '@facturo/contract';
import type { ApiError } from '../../shared/api/api-error';
import { formatApiErrorLines } from '../../shared/api/format-api-error';
import { toastGuardMs } from '../../shared/ui/toast-timing';

export const paySubscriptionPath = '/suspended-account/pay-subscription';
/** Pages where a 402 must not redirect (§8). */
const paymentPages = ['/plans', '/payment-cards', paySubscriptionPath];

export interface InterceptorDeps {
  navigate: (to: string) => void;
  pathname: () => string;
  setNavHidden: (hidden: boolean) => void;
  toastError: (lines: string[]) => void;
  toastTooMany: () => void;
  /** 403 for a plan-locked feature: show the upgrade dialog (§6) instead of /unauthorized. */
  onLockedFeature: () => void;
  /** Session expired (401 outside the login forms). */
  onUnauthenticated: () => void;
  /** 409 for lack of stamps (`errors.timbres`): say why and offer «Comprar timbres» (issue 25 §2). */
  onNoStamps?: (lines: string[]) => void;
  /** §8: a successful response runs the urgent-notifications check. */
  onSuccessfulResponse: () => void;
  now?: () => number;
}

/**
 * Builds the §8 interceptor: status redirects (402/403/451), the one-shot 429 toast,
 * default error toasts with the request-error lines, and success side effects.
 */
export function createErrorInterceptor(deps: InterceptorDeps): Required<ApiInterceptors> {
  const now = deps.now ?? Date.now;
  let tooManyShownAt: number | null = null;

  const onError = (err: ApiError, _path: string, options: ApiRequestOptions) => {
    switch (err.status) {
      case 402:
        deps.setNavHidden(true);
        if (!paymentPages.some((p) => deps.pathname().startsWith(p))) deps.navigate(paySubscriptionPath);
        return;
      case 403: {
        // Decision 291: the account requires two-factor and this member has none: say so and go enrol.
        const enrolar = (err.body as { enrolar?: unknown }).enrolar;
        if (typeof enrolar === 'string' && enrolar.startsWith('/')) {
          deps.toastError([err.body.message ?? '']);
          deps.navigate(enrolar);
          return;
        }
        if (err.body.message === messages.locked) deps.onLockedFeature();
        else deps.navigate('/unauthorized');
        return;
      }
      case 451:
        deps.navigate('/suspended-account');
        return;
      case 429: {
        // Shown once; the guard clears after 3 s so a later burst warns again.
        const t = now();
        if (tooManyShownAt === null || t - tooManyShownAt >= toastGuardMs) {
          tooManyShownAt = t;
          deps.toastTooMany();
        }
        return;
      }
      case 401:
        if (!options.passThrough) {
          deps.onUnauthenticated();
          return;
        }
        break;
    }
    if (options.passThrough) return;
    if (err.status === 409 && err.body.errors && 'timbres' in err.body.errors && deps.onNoStamps) {
      deps.onNoStamps(formatApiErrorLines({ message: err.body.message }));
      return;
    }
    deps.toastError(formatApiErrorLines(err.body));
  };

  const onSuccess = () => {
    deps.setNavHidden(false);
    deps.onSuccessfulResponse();
  };

  return { onError, onSuccess };
}
