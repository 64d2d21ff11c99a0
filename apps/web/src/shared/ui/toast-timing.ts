/** §9 time-outs, in milliseconds. */
export const toastTimeoutMs = 3000;
export const alertTimeoutMs = 15000;
export const toastGuardMs = 3000;
export const navigationOverlayDelayMs = 300;
