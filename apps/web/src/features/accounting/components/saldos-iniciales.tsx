import { Alert, Badge, Button, FileButton, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportarSaldosResponse } from '@facturo/contract';
import { toastError, toastSuccess } from '../../../shared/ui/toasts';
import { accountingKeys, cuentasQuery, importarSaldos } from '../api/accounting-api';
import { errorLines } from './errors';
import { money } from './money';
import '../texts';

/**
 * Opening balances from the previous system's balanza (XML 1.3): pick the file (and, optionally, its catálogo so
 * accounts map by código agrupador), review the preview, point the accounts that did not map, then import.
 */
export function SaldosIniciales({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [xml, setXml] = useState<string | null>(null);
  const [catalogoXml, setCatalogoXml] = useState<string | undefined>();
  const [mapeo, setMapeo] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportarSaldosResponse | null>(null);
  const cuentas = useQuery({ ...cuentasQuery(rfc), enabled: opened });
  const opciones = (cuentas.data ?? []).filter((c) => c.activa).map((c) => ({ value: c.numero, label: `${c.numero} ${c.descripcion}` }));
  const run = useMutation({
    mutationFn: (v: { xml: string; catalogoXml?: string; mapeo: Record<string, string>; confirmar: boolean }) => importarSaldos(v),
    onSuccess: (r) => {
      setPreview(r);
      if (r.guardado) {
        toastSuccess(t('contabilidad.saldosImportados', { mes: r.mes, anio: r.anio }));
        void qc.invalidateQueries({ queryKey: accountingKeys.all(rfc) });
        setOpened(false);
      }
    },
    onError: (e) => toastError(errorLines(e)),
  });
  const previsualizar = (next: { xml?: string | null; catalogoXml?: string; mapeo?: Record<string, string> }) => {
    const v = { xml: next.xml ?? xml, catalogoXml: next.catalogoXml ?? catalogoXml, mapeo: next.mapeo ?? mapeo };
    if (v.xml) run.mutate({ xml: v.xml, catalogoXml: v.catalogoXml, mapeo: v.mapeo, confirmar: false });
  };
  const pendientes = preview?.filas.filter((f) => !f.numero && !f.omitida).length ?? 0;
  const cuadra = preview ? preview.totales.debe === preview.totales.haber : false;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} data-testid="saldos-iniciales">{t('contabilidad.importarSaldos')}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('contabilidad.importarSaldos')} size="xl">
        <Stack gap="sm">
          <Text size="sm">{t('contabilidad.saldosAyuda')}</Text>
          <Group>
            <FileButton accept=".xml,application/xml,text/xml" onChange={(f) => f && void f.text().then((x) => { setXml(x); previsualizar({ xml: x }); })}>
              {(props) => <Button {...props} variant="light" data-testid="saldos-balanza">{t('contabilidad.saldosBalanzaXml')}</Button>}
            </FileButton>
            <FileButton accept=".xml,application/xml,text/xml" onChange={(f) => f && void f.text().then((x) => { setCatalogoXml(x); previsualizar({ catalogoXml: x }); })}>
              {(props) => <Button {...props} variant="default" data-testid="saldos-catalogo">{catalogoXml ? t('contabilidad.saldosCatalogoListo') : t('contabilidad.saldosCatalogoXml')}</Button>}
            </FileButton>
          </Group>
          {preview && (
            <>
              <Text fw={600} data-testid="saldos-periodo">
                {t('contabilidad.saldosPeriodo', { mesOrigen: preview.origen.mes, anioOrigen: preview.origen.anio, mes: preview.mes, anio: preview.anio })}
              </Text>
              <Table.ScrollContainer minWidth={600} mah={360}>
                <Table striped data-testid="saldos-preview">
                  <Table.Thead><Table.Tr>
                    <Table.Th>{t('contabilidad.saldosCuentaArchivo')}</Table.Th><Table.Th>{t('contabilidad.cuenta')}</Table.Th>
                    <Table.Th ta="right">{t('contabilidad.saldoFinal')}</Table.Th><Table.Th />
                  </Table.Tr></Table.Thead>
                  <Table.Tbody>
                    {preview.filas.map((f) => (
                      <Table.Tr key={f.numCtaOrigen} data-testid="saldos-fila">
                        <Table.Td>{f.numCtaOrigen}</Table.Td>
                        <Table.Td>
                          {f.omitida ? <Text c="dimmed" size="sm">{f.numero ?? '—'}</Text> : (
                            <Select size="xs" searchable data={opciones} value={mapeo[f.numCtaOrigen] ?? f.numero} placeholder={t('contabilidad.saldosElige')}
                              onChange={(v) => { const m = { ...mapeo }; if (v) m[f.numCtaOrigen] = v; else delete m[f.numCtaOrigen]; setMapeo(m); previsualizar({ mapeo: m }); }} />
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{money(f.saldo)}</Table.Td>
                        <Table.Td>
                          {f.omitida ? <Badge color="gray" variant="light">{t('contabilidad.saldosOmitida')}</Badge>
                            : f.por ? <Badge color="teal" variant="light">{t(`contabilidad.saldosPor.${f.por}`)}</Badge>
                              : <Badge color="red" variant="light">{t('contabilidad.saldosSinCuenta')}</Badge>}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Text size="sm" data-testid="saldos-totales">{t('contabilidad.saldosTotales', { debe: money(preview.totales.debe), haber: money(preview.totales.haber) })}</Text>
              {!cuadra && <Alert color="red">{t('contabilidad.saldosNoCuadran')}</Alert>}
              {pendientes > 0 && <Alert color="yellow">{t('contabilidad.saldosPendientes', { count: pendientes })}</Alert>}
              <Group justify="flex-end">
                <Button disabled={pendientes > 0 || !cuadra} loading={run.isPending} data-testid="saldos-confirmar"
                  onClick={() => xml && run.mutate({ xml, catalogoXml, mapeo, confirmar: true })}>
                  {t('contabilidad.saldosConfirmar', { mes: preview.mes, anio: preview.anio })}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}
