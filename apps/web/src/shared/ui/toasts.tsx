import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { alertTimeoutMs, toastTimeoutMs } from './toast-timing';

type Kind = 'error' | 'success' | 'warning' | 'danger' | 'info';

const colors: Record<Kind, string> = { error: 'red', danger: 'red', success: 'teal', warning: 'yellow', info: 'blue' };

/** Renders message lines as separate lines (the §8 "HTML lines") without injecting HTML. */
function linesNode(lines: string[]): ReactNode {
  return lines.map((l, i) => (
    <span key={i} style={{ display: 'block' }}>
      {l}
    </span>
  ));
}

interface ToastInput {
  title?: string;
  lines?: string[];
  id?: string;
}

function show(kind: Kind, { title, lines, id }: ToastInput, autoClose: number): void {
  notifications.show({
    id,
    color: colors[kind],
    title,
    message: lines && lines.length ? linesNode(lines) : '',
    autoClose,
    withBorder: true,
  });
}

/** Default error toast: "Algo salió mal..." (§8), with the request-error lines when any. */
export function toastError(lines?: string[], title?: string): void {
  show('error', { title: title ?? t('toast.error.title'), lines: lines?.length ? lines : [t('toast.error.text')] }, toastTimeoutMs);
}

/** Default success toast: "Éxito" / "Los datos se han registrado correctamente" (§8). */
export function toastSuccess(text?: string, title?: string): void {
  show('success', { title: title ?? t('toast.success.title'), lines: [text ?? t('toast.success.text')] }, toastTimeoutMs);
}

/** Default warning toast: "Datos incompletos" (§8). */
export function toastWarning(text?: string, title?: string): void {
  show('warning', { title: title ?? t('toast.warning.title'), lines: [text ?? t('toast.warning.text')] }, toastTimeoutMs);
}

/** Danger toast with explicit title and text. */
export function toastDanger(title: string, text: string, id?: string): void {
  show('danger', { title, lines: [text], id }, toastTimeoutMs);
}

/** Alert (longer lived, 15 s) picking success or danger from the response flag `rspns` (§8). */
export function showAlert(ok: boolean, text: string, title?: string): void {
  show(ok ? 'success' : 'danger', { title: title ?? (ok ? t('alert.successTitle') : t('alert.dangerTitle')), lines: [text] }, alertTimeoutMs);
}
