import { useSyncExternalStore } from 'react';

// One app-wide upgrade dialog (§6) that anything can open: a locked card, or the interceptor
// when the API refuses a plan-locked feature.
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const l of listeners) l();
}

/** Opens the "Ahh... Aún no eres usuario premium." dialog. */
export const openUpgradeDialog = () => set(true);
/** Closes it. */
export const closeUpgradeDialog = () => set(false);

/** Whether the upgrade dialog is open. */
export function useUpgradeDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => open,
  );
}
