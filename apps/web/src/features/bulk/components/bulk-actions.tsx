import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Menu, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileUpload, IconTableExport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BULK_COLUMNS, BULK_MAX_FILE_BYTES, type BulkEntity, type BulkFormat, type BulkImportResult } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { CountFigure } from '../../../shared/ui/count-figure';
import { downloadExport, downloadTemplate, uploadSheet } from '../api/bulk-api';
import '../texts';

export interface BulkActionsProps {
  entity: BulkEntity;
  /** Called when rows were written (the page refreshes its list). */
  onImported: () => void;
}

/** "Importar" and "Exportar" beside a list's "Nuevo" button (issue 29 §1): clients, products and employees. */
export function BulkActions({ entity, onImported }: BulkActionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const exportAs = (formato: BulkFormat) => {
    setBusy(true);
    void downloadExport(entity, formato).finally(() => setBusy(false));
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="light" leftSection={<IconFileUpload size={16} />} onClick={() => setOpen(true)} data-testid="bulk-import-open">
        {t('bulk.import')}
      </Button>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" leftSection={<IconTableExport size={16} />} loading={busy} data-testid="bulk-export">{t('bulk.export')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => exportAs('xlsx')}>{t('bulk.asXlsx')}</Menu.Item>
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => exportAs('csv')}>{t('bulk.asCsv')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <BulkImportDialog entity={entity} opened={open} onClose={() => setOpen(false)} onImported={onImported} />
    </Group>
  );
}

/**
 * Upload → preview (every error by row and column, what each valid row will do) → confirm. Up to 500 rows the
 * answer is immediate; above, the import follows on the live progress bar.
 */
export function BulkImportDialog({ entity, opened, onClose, onImported }: BulkActionsProps & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BulkImportResult | null>(null);
  const [done, setDone] = useState<BulkImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(isApiError(e) ? formatApiErrorLines(e.body).join(' ') || t('bulk.failed') : t('bulk.failed'));
  const check = useMutation({ mutationFn: (f: File) => uploadSheet(entity, f, false), onSuccess: setPreview, onError: fail });
  const confirm = useMutation({
    mutationFn: () => uploadSheet(entity, file!, true),
    onSuccess: (r) => {
      setDone(r);
      if (!r.proceso) onImported();
    },
    onError: fail,
  });
  const reset = () => {
    setFile(null);
    setPreview(null);
    setDone(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const tooLarge = Boolean(file && file.size > BULK_MAX_FILE_BYTES);

  return (
    <Modal opened={opened} onClose={close} title={t(`bulk.title.${entity}`)} size="xl" centered>
      <Stack gap="md" data-testid="bulk-dialog">
        {!preview && (
          <form onSubmit={(e) => { e.preventDefault(); if (file) check.mutate(file); }}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">{t('bulk.hint')}</Text>
              <Group gap="xs">
                <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => void downloadTemplate(entity, 'xlsx')} data-testid="bulk-template-xlsx">
                  {t('bulk.templateXlsx')}
                </Button>
                <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => void downloadTemplate(entity, 'csv')} data-testid="bulk-template-csv">
                  {t('bulk.templateCsv')}
                </Button>
              </Group>
              <Text size="xs" c="dimmed">{t('bulk.columns', { list: BULK_COLUMNS[entity].map((c) => (c.required ? `${c.header}*` : c.header)).join(', ') })}</Text>
              <FileInput clearable accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" label={t('bulk.file')}
                placeholder={t('bulk.pick')} value={file} data-testid="bulk-file" leftSection={<IconFileSpreadsheet size={16} />}
                onChange={(f) => { setFile(f); setError(null); }} error={tooLarge ? t('bulk.tooLarge') : error} />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>{t('bulk.cancel')}</Button>
                <Button type="submit" loading={check.isPending} disabled={!file || tooLarge} data-testid="bulk-preview">{t('bulk.preview')}</Button>
              </Group>
            </Stack>
          </form>
        )}
        {preview && !done && <PreviewView result={preview} />}
        {preview && !done && (
          <Group justify="space-between">
            <Button variant="subtle" onClick={reset}>{t('bulk.otherFile')}</Button>
            <Group gap="xs">
              {error && <Text size="sm" c="red">{error}</Text>}
              <Button variant="default" onClick={close}>{t('bulk.cancel')}</Button>
              <Button loading={confirm.isPending} disabled={preview.validas === 0} onClick={() => confirm.mutate()} data-testid="bulk-confirm">
                {t('bulk.confirm', { count: preview.validas })}
              </Button>
            </Group>
          </Group>
        )}
        {done && (
          <Stack gap="sm" data-testid="bulk-done">
            {done.proceso
              ? <JobProgressBar key={done.proceso.id} jobId={done.proceso.id} onFinished={() => onImported()} />
              : <Alert color="teal" variant="light">{done.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="light" onClick={reset}>{t('bulk.again')}</Button>
              <Button onClick={close}>{t('bulk.done')}</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** Counts, every error by row and column, and the first valid rows with what each will do. */
export function PreviewView({ result }: { result: BulkImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="bulk-preview-result">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <CountFigure label={t('bulk.rows')} value={result.total} color="gray" testId="bulk-total" />
        <CountFigure label={t('bulk.valid')} value={result.validas} color="teal" testId="bulk-valid" />
        <CountFigure label={t('bulk.updates')} value={result.actualizaciones} color="blue" testId="bulk-updates" />
        <CountFigure label={t('bulk.errors')} value={result.errores.length} color="red" testId="bulk-errors-count" />
      </SimpleGrid>
      {result.message && <Text size="sm" c="dimmed">{result.message}</Text>}
      {result.errores.length > 0 && (
        <>
          <Text size="sm" fw={600}>{t('bulk.errorsTitle')}</Text>
          <ScrollArea.Autosize mah={240}>
            <Table striped withTableBorder fz="sm" data-testid="bulk-errors">
              <Table.Thead>
                <Table.Tr><Table.Th>{t('bulk.row')}</Table.Th><Table.Th>{t('bulk.column')}</Table.Th><Table.Th>{t('bulk.problem')}</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.errores.map((e, i) => (
                  <Table.Tr key={`${e.fila}-${e.columna}-${i}`}>
                    <Table.Td>{e.fila}</Table.Td>
                    <Table.Td>{e.letra ? `${e.columna} (${e.letra})` : e.columna}</Table.Td>
                    <Table.Td>{e.mensaje}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
      {result.muestra.length > 0 && (
        <>
          <Text size="sm" fw={600}>{t('bulk.validTitle')}</Text>
          <ScrollArea.Autosize mah={200}>
            <Table withTableBorder fz="sm" data-testid="bulk-sample">
              <Table.Tbody>
                {result.muestra.map((r) => (
                  <Table.Tr key={r.fila}>
                    <Table.Td>{r.fila}</Table.Td>
                    <Table.Td>{r.clave}</Table.Td>
                    <Table.Td>{r.nombre}</Table.Td>
                    <Table.Td><Badge size="sm" variant="light" color={r.accion === 'crear' ? 'teal' : 'blue'}>{t(`bulk.action.${r.accion}`)}</Badge></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
    </Stack>
  );
}
