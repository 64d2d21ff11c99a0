import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SelloDescarga } from '../api/accounting-api';
import { selloAdvertencia } from './sello';
import '../texts';

/** After a download: whether the file went out with the e.firma seal, and why not. */
export function SelloAviso({ sello }: { sello: SelloDescarga | null }) {
  const { t } = useTranslation();
  if (!sello) return null;
  const aviso = selloAdvertencia(t, sello);
  if (!aviso) return <Alert color="green" data-testid="xml-sello">{t('contabilidad.sellado')}</Alert>;
  return <Alert color="yellow" data-testid="xml-sello">{aviso}</Alert>;
}
