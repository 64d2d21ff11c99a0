import type { SatDownloadTipo } from '@facturo/contract';

/** Spec §9 "download-status reset 5000 ms": 5 s after a download finishes its state is cleared (spec §4). */
export const DOWNLOAD_STATUS_RESET_MS = 5000;

/** Query keys refreshed when a download ends: every list the downloaded documents feed. */
export const FED_AREAS = ['outcomes', 'incomes', 'dashboard', 'credit-notes', 'payment-reception'];

export const TIPOS: SatDownloadTipo[] = ['emitidos', 'recibidos'];
