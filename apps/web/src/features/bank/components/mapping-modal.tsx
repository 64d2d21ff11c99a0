import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes, type BankAccount, type ColumnMapping } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { call } from '../../../shared/api/call';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { FormAlert } from '../../../shared/ui/form-alert';
import { toastSuccess } from '../../../shared/ui/toasts';
import { bankKeys, saveMapping } from '../api/bank-api';
import '../texts';

const ROLES = ['fecha', 'descripcion', 'referencia', 'deposito', 'retiro', 'importe', 'saldo'] as const;
type Role = (typeof ROLES)[number];

/**
 * The CSV/XLSX column mapping of a bank account, chosen once on a preview of the file's first rows and
 * remembered (issue 27 §1): which column is the date, description, reference, deposit, withdrawal (or one
 * signed amount) and balance.
 */
export function MappingModal({ rfc, account, file, onClose }: { rfc: string; account: BankAccount | null; file: File | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<string[][] | null>(null);
  const [cols, setCols] = useState<Partial<Record<Role, number | null>>>(() => account?.mapeo ?? { fecha: 0, descripcion: 1 });
  const [encabezado, setEncabezado] = useState<number>(account?.mapeo?.encabezado ?? 1);
  const [formato, setFormato] = useState<ColumnMapping['formatoFecha']>(account?.mapeo?.formatoFecha ?? 'DMY');
  const [errors, setErrors] = useState<string[]>([]);
  const fail = (e: unknown) => setErrors(isApiError(e) ? formatApiErrorLines(e.body) : [t('toast.error.text')]);
  const preview = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('file', file!);
      return call(routes['bank.preview'], { params: { id: account!.id }, body: form });
    },
    onSuccess: (r) => setRows(r.filas),
    onError: fail,
  });
  const save = useMutation({
    mutationFn: () => saveMapping(account!.id, { ...cols, fecha: cols.fecha ?? 0, descripcion: cols.descripcion ?? 1, encabezado, formatoFecha: formato }),
    onSuccess: async () => {
      toastSuccess(t('bank.mappingSaved'));
      await queryClient.invalidateQueries({ queryKey: bankKeys.all(rfc) });
      onClose();
    },
    onError: fail,
  });
  const width = Math.max(0, ...(rows ?? []).map((r) => r.length));
  const columnOptions = Array.from({ length: Math.max(width, 8) }, (_, i) => ({ value: String(i), label: `${t('bank.column')} ${i + 1}${rows?.[0]?.[i] ? ` · ${rows[0][i]}` : ''}` }));
  return (
    <Modal opened={!!account} onClose={onClose} size="xl" title={t('bank.mappingTitle')}>
      <Stack>
        <FormAlert message={errors} />
        <Group>
          <Button variant="default" disabled={!file} loading={preview.isPending} onClick={() => { setErrors([]); preview.mutate(); }}>{t('bank.preview')}</Button>
          {!file && <Text size="sm" c="dimmed">{t('bank.previewHint')}</Text>}
        </Group>
        {rows && (
          <Table withTableBorder fz="xs" data-testid="bank-preview">
            <Table.Tbody>
              {rows.map((r, i) => <Table.Tr key={i}>{Array.from({ length: width }, (_, j) => <Table.Td key={j}>{r[j] ?? ''}</Table.Td>)}</Table.Tr>)}
            </Table.Tbody>
          </Table>
        )}
        <Group grow>
          {ROLES.map((role) => (
            <Select key={role} label={t(`bank.roles.${role}`)} clearable={role !== 'fecha' && role !== 'descripcion'} data={columnOptions}
              value={cols[role] == null ? null : String(cols[role])} onChange={(v) => setCols((c) => ({ ...c, [role]: v == null ? null : Number(v) }))} />
          ))}
        </Group>
        <Group>
          <NumberInput label={t('bank.headerRows')} min={0} max={50} value={encabezado} onChange={(v) => setEncabezado(Number(v) || 0)} w={200} />
          <Select label={t('bank.dateFormat')} allowDeselect={false} value={formato} onChange={(v) => setFormato((v ?? 'DMY') as ColumnMapping['formatoFecha'])}
            data={[{ value: 'DMY', label: 'DD/MM/AAAA' }, { value: 'YMD', label: 'AAAA-MM-DD' }, { value: 'MDY', label: 'MM/DD/AAAA' }]} w={200} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('bank.cancel')}</Button>
          <Button loading={save.isPending} onClick={() => { setErrors([]); save.mutate(); }}>{t('bank.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
