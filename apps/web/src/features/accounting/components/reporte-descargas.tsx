import { Button, Group, Switch } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/ui/toasts';
import { downloadReporte, type Reporte } from '../api/accounting-api';
import '../texts';

/** PDF and XLSX downloads of one report, for the month or (switch on) from January to the month. */
export function ReporteDescargas({ rfc, reporte, anio, mes }: { rfc: string; reporte: Reporte; anio: number; mes: number }) {
  const { t } = useTranslation();
  const [acumulado, setAcumulado] = useState(false);
  const get = (formato: 'pdf' | 'xlsx') => void downloadReporte(rfc, reporte, anio, mes, formato, acumulado).catch(() => toastError());
  return (
    <Group gap="xs" data-testid={`reporte-${reporte}`}>
      {/* The balance general is a position at the month's end: there is nothing to accumulate. */}
      {reporte !== 'balance' && (
        <Switch label={t('contabilidad.reporteAcumulado')} checked={acumulado} onChange={(e) => setAcumulado(e.currentTarget.checked)} data-testid={`reporte-${reporte}-acumulado`} />
      )}
      <Button size="xs" leftSection={<IconDownload size={14} />} variant="light" onClick={() => get('pdf')} data-testid={`reporte-${reporte}-pdf`}>{t('contabilidad.descargarPdf')}</Button>
      <Button size="xs" leftSection={<IconDownload size={14} />} variant="light" onClick={() => get('xlsx')} data-testid={`reporte-${reporte}-xlsx`}>{t('contabilidad.descargarXlsx')}</Button>
    </Group>
  );
}
