/**
 * Local storage keys of spec §9 (plus the notification keys of §4).
 * One place so logout can clear exactly what the session owns.
 */
export const storageKeys = {
  accessToken: 'accessToken',
  userData: 'userData',
  /** Partial registration info (rfc/email between pre-registro and verification). */
  registerInfo: 'registerInfo',
  month: 'month',
  year: 'year',
  perPages: 'perPages',
  userConfig: 'userConfig',
  skin: 'skin',
  notifications: 'urgentNotifications',
  lastReview: 'lastReviewNotifications',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Keys removed on logout (§4: tokens, user data, notifications, last review, form state). */
export const sessionKeys: StorageKey[] = [
  storageKeys.accessToken,
  storageKeys.userData,
  storageKeys.registerInfo,
  storageKeys.notifications,
  storageKeys.lastReview,
];
