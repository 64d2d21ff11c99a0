import { useSyncExternalStore } from 'react';

// §8 payment-required state: a 402 hides the nav menu, a later success shows it again.
let hidden = false;
const listeners = new Set<() => void>();

/** Hides or shows the navigation menu. */
export function setNavHidden(value: boolean): void {
  if (hidden === value) return;
  hidden = value;
  for (const l of listeners) l();
}

/** Whether the nav menu is hidden. */
export function isNavHidden(): boolean {
  return hidden;
}

/** React hook over the nav-hidden flag. */
export function useNavHidden(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => hidden,
    () => hidden,
  );
}
