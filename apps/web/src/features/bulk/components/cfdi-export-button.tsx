import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconTableExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { routes, type BulkFormat } from '@facturo/contract';
import { routeUrl } from '../../../shared/api/call';
import { downloadAuthedFile } from '../../../shared/api/authed-file';
import { usePeriod } from '../../../shared/period/period-store';
import { toastError } from '../../../shared/ui/toasts';
import '../texts';

/** "Exportar con conceptos" on Ingresos / Gastos: the period's documents, one row per concept (issue 29 §1). */
export function CfdiExportButton({ tipo }: { tipo: 'ingresos' | 'gastos' }) {
  const { t } = useTranslation();
  const period = usePeriod();
  const [busy, setBusy] = useState(false);
  const go = (formato: BulkFormat) => {
    setBusy(true);
    const url = routeUrl(routes['bulk.exportCfdi'], { tipo, month: period.month, year: period.year }, { formato });
    void downloadAuthedFile(url, `${tipo}-${period.year}-${String(period.month).padStart(2, '0')}.${formato}`)
      .catch(() => toastError())
      .finally(() => setBusy(false));
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconTableExport size={16} />} loading={busy} data-testid="cfdi-export">{t('bulk.exportConcepts')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => go('xlsx')}>{t('bulk.asXlsx')}</Menu.Item>
        <Menu.Item onClick={() => go('csv')}>{t('bulk.asCsv')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
