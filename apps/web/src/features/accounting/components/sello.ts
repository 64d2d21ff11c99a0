import type { TFunction } from 'i18next';
import type { SelloDescarga } from '../api/accounting-api';
import '../texts';

/** The warning for a file that went out without the e.firma seal; null when it is sealed. */
export function selloAdvertencia(t: TFunction, s: SelloDescarga): string | null {
  if (s.sello === 'sellado') return null;
  return s.sello === 'no-sellado' && s.motivo ? t('contabilidad.selloFallido', { motivo: s.motivo }) : t('contabilidad.sinSello');
}
