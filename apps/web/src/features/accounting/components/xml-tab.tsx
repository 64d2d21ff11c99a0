import { Alert, Button, Card, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { toastError } from '../../../shared/ui/toasts';
import { downloadXml, type SelloDescarga, type XmlTipo } from '../api/accounting-api';
import { SelloAviso } from './sello-aviso';
import '../texts';

/** The four Anexo 24 files; pólizas and folios carry the solicitud SAT made (AF/FC with NumOrden, DE/CO with NumTramite). */
export function XmlTab({ rfc, anio, mes }: { rfc: string; anio: number; mes: number }) {
  const { t } = useTranslation();
  const [tipoSolicitud, setTipoSolicitud] = useState<string | null>('AF');
  const [numero, setNumero] = useState('');
  const [tipoEnvio, setTipoEnvio] = useState<'N' | 'C'>('N');
  const [fechaModBal, setFechaModBal] = useState('');
  const [zip, setZip] = useState(false);
  const [sello, setSello] = useState<SelloDescarga | null>(null);
  const orden = tipoSolicitud === 'AF' || tipoSolicitud === 'FC';
  const get = (tipo: XmlTipo, query: Record<string, string | undefined> = {}) =>
    void downloadXml(rfc, tipo, anio, mes, query, zip).then(setSello, (e: unknown) => toastError(isApiError(e) ? [e.message] : undefined));
  const solicitud = () => ({ tipoSolicitud: tipoSolicitud ?? undefined, ...(orden ? { numOrden: numero } : { numTramite: numero }) });
  return (
    <Stack gap="md">
      <Alert color="blue">{t('contabilidad.xmlAyuda')}</Alert>
      <SelloAviso sello={sello} />
      <Checkbox label={t('contabilidad.comprimir')} checked={zip} onChange={(e) => setZip(e.currentTarget.checked)} data-testid="xml-zip" />
      <Card withBorder padding="md">
        <Group align="flex-end">
          <Button leftSection={<IconDownload size={16} />} variant="light" disabled={mes > 12} onClick={() => get('catalogo')} data-testid="xml-catalogo">{t('contabilidad.descargarCatalogo')}</Button>
        </Group>
      </Card>
      <Card withBorder padding="md">
        <Group align="flex-end" grow>
          <Select label={t('contabilidad.tipoEnvio')} value={tipoEnvio} allowDeselect={false} onChange={(v) => setTipoEnvio((v as 'N' | 'C') ?? 'N')}
            data={[{ value: 'N', label: t('contabilidad.normal') }, { value: 'C', label: t('contabilidad.complementaria') }]} />
          {tipoEnvio === 'C' && <TextInput type="date" label={t('contabilidad.fechaModBal')} value={fechaModBal} onChange={(e) => setFechaModBal(e.currentTarget.value)} />}
          <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => get('balanza', { tipoEnvio, fechaModBal: tipoEnvio === 'C' ? fechaModBal : undefined })} data-testid="xml-balanza">
            {t('contabilidad.descargarBalanza')}
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="md">
        <Group align="flex-end" grow>
          <Select label={t('contabilidad.tipoSolicitud')} value={tipoSolicitud} onChange={setTipoSolicitud} data-testid="xml-tipo-solicitud"
            data={(['AF', 'FC', 'DE', 'CO'] as const).map((v) => ({ value: v, label: t(`contabilidad.solicitudes.${v}`) }))} />
          <TextInput label={orden ? t('contabilidad.numOrden') : t('contabilidad.numTramite')} placeholder={orden ? 'ABC1234567/26' : 'AB123456789012'}
            value={numero} onChange={(e) => setNumero(e.currentTarget.value.toUpperCase())} data-testid="xml-numero" />
          <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => get('polizas', solicitud())} data-testid="xml-polizas">{t('contabilidad.descargarPolizas')}</Button>
          <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => get('folios', solicitud())} data-testid="xml-folios">{t('contabilidad.descargarFolios')}</Button>
          <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => get('auxiliar', solicitud())} data-testid="xml-auxiliar">{t('contabilidad.descargarAuxiliar')}</Button>
        </Group>
      </Card>
    </Stack>
  );
}
