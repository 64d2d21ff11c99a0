/** What other features may use of this one (eslint facturo/no-cross-feature-imports); the rest is internal. */
export { customerQuery, paymentsQuery } from './api/payments-api';
export { SubscribePanel, CancelSubscriptionButton } from './components/subscribe-panel';
export { RetryPaymentPanel } from './components/retry-payment-panel';
export { StampBalanceBadge, LowStampsAlert, isNoStampsError, BUY_STAMPS_PATH } from './components/stamps-links';
export { confirmCharge } from './components/charge-confirm';
