import { useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceSheetPreview } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { downloadInvoiceSheetTemplate, invoiceBatchQuery, uploadInvoiceSheet } from '../api/bulk-api';
import '../texts';

/** /invoicing/sheet (issue 29 §2): upload a sheet of concepts, see each invoice with its total, stamp them all. */
export function InvoiceSheetPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const [file, setFile] = useState<File | null>(null);
  const [send, setSend] = useState(false);
  const [preview, setPreview] = useState<InvoiceSheetPreview | null>(null);
  const [batch, setBatch] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(isApiError(e) ? formatApiErrorLines(e.body).join(' ') || t('bulk.failed') : t('bulk.failed'));
  const check = useMutation({ mutationFn: (f: File) => uploadInvoiceSheet(f, false, false), onSuccess: (p) => { setPreview(p); setError(null); }, onError: fail });
  const stamp = useMutation({ mutationFn: () => uploadInvoiceSheet(file!, true, send), onSuccess: (p) => setBatch(p.lote?.id ?? null), onError: fail });
  const state = useQuery({ ...invoiceBatchQuery(rfc, batch ?? '-'), enabled: Boolean(batch) });

  return (
    <Stack gap="md">
      <PageHeader title={t('bulk.sheet.title')} />
      <Card withBorder>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('bulk.sheet.hint')}</Text>
          <Group gap="xs">
            <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => void downloadInvoiceSheetTemplate('xlsx')}>{t('bulk.templateXlsx')}</Button>
            <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => void downloadInvoiceSheetTemplate('csv')}>{t('bulk.templateCsv')}</Button>
          </Group>
          <Group align="end">
            <FileInput w={360} clearable accept=".xlsx,.csv" label={t('bulk.file')} placeholder={t('bulk.pick')} value={file} data-testid="sheet-file"
              leftSection={<IconFileSpreadsheet size={16} />} onChange={(f) => { setFile(f); setPreview(null); setBatch(null); setError(null); }} error={error} />
            <Button disabled={!file} loading={check.isPending} onClick={() => file && check.mutate(file)} data-testid="sheet-preview">{t('bulk.preview')}</Button>
          </Group>
        </Stack>
      </Card>
      {preview && !batch && (
        <Card withBorder data-testid="sheet-preview-result">
          <Stack gap="sm">
            <Text>{t('bulk.sheet.summary', { count: preview.validas, total: formatMoney(preview.total) })}</Text>
            <ScrollArea.Autosize mah={420}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr><Table.Th>{t('bulk.sheet.group')}</Table.Th><Table.Th>{t('bulk.sheet.client')}</Table.Th><Table.Th>{t('bulk.rows')}</Table.Th><Table.Th>{t('bulk.sheet.subtotal')}</Table.Th><Table.Th>{t('bulk.sheet.total')}</Table.Th><Table.Th>{t('bulk.problem')}</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.facturas.map((f) => (
                    <Table.Tr key={f.grupo}>
                      <Table.Td>{f.grupo}</Table.Td><Table.Td>{f.cliente}</Table.Td><Table.Td>{f.filas.join(', ')}</Table.Td>
                      <Table.Td>{f.subtotal ? formatMoney(f.subtotal) : '—'}</Table.Td><Table.Td>{f.total ? formatMoney(f.total) : '—'}</Table.Td>
                      <Table.Td>{f.error ? <Text size="sm" c="red">{f.error}</Text> : <Badge color="teal" variant="light">{t('bulk.sheet.ok')}</Badge>}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Checkbox label={t('bulk.sheet.send')} checked={send} onChange={(e) => setSend(e.currentTarget.checked)} />
              <Button disabled={preview.validas === 0} loading={stamp.isPending} onClick={() => stamp.mutate()} data-testid="sheet-stamp">
                {t('bulk.sheet.stamp', { count: preview.validas })}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {batch && state.data && (
        <Card withBorder data-testid="sheet-result">
          <Stack gap="sm">
            <Alert color={state.data.terminado ? 'teal' : 'blue'} variant="light">
              {state.data.terminado ? t('bulk.sheet.done', { ok: state.data.timbradas, total: state.data.facturas.length }) : t('bulk.sheet.running', { ok: state.data.timbradas, total: state.data.facturas.length })}
            </Alert>
            <Table withTableBorder fz="sm">
              <Table.Tbody>
                {state.data.facturas.map((f) => (
                  <Table.Tr key={f.grupo}>
                    <Table.Td>{f.grupo}</Table.Td>
                    <Table.Td><Badge variant="light" color={f.estado === 'timbrada' ? 'teal' : f.estado === 'error' ? 'red' : 'gray'}>{t(`bulk.sheet.states.${f.estado}`)}</Badge></Table.Td>
                    <Table.Td ff="monospace">{f.uuid ?? ''}</Table.Td>
                    <Table.Td>{f.total ? formatMoney(f.total) : ''}</Table.Td>
                    <Table.Td>{f.mensaje ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
