import { useEffect, useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { RetentionRow } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import type { Period } from '../../../shared/period/period-store';
import { showAlert, toastError } from '../../../shared/ui/toasts';
import { cancelOptionsQuery } from '../../invoicing/public';
import { cancelRetention, retentionsQuery } from '../api/retentions-api';
import '../texts';

type Motivo = '01' | '02' | '03' | '04';

/**
 * The constancias that may substitute `row` when it is cancelled with motivo 01: the period's other issued, active
 * ones, those to the same receptor first (a substitute normally goes to the same receptor).
 */
export function substituteCandidates(rows: RetentionRow[], row: RetentionRow): RetentionRow[] {
  const same = (r: RetentionRow) => (r.rfc_receptor ?? r.nombre_receptor) === (row.rfc_receptor ?? row.nombre_receptor);
  return rows.filter((r) => r.uuid !== row.uuid && r.estado === 1).sort((a, b) => Number(same(b)) - Number(same(a)));
}

const UUID_RE = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/**
 * "Cancelar retención": SAT motivo 01-04; motivo 01 asks for the substituting constancia, picked from the period's
 * vigentes (same receptor first) or typed. The API checks it is another of the account's vigentes issued ones.
 */
export function CancelRetentionModal({ rfc, period, row, onClose }: { rfc: string; period: Period; row: RetentionRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const motivos = useQuery(cancelOptionsQuery());
  const [motivo, setMotivo] = useState<Motivo | null>(null);
  const [substitute, setSubstitute] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { setMotivo(null); setSubstitute(''); setError(null); }, [row]);
  const candidatesList = useQuery({ ...retentionsQuery(rfc, period, 'issued', { page: 1, perPage: 50 }), enabled: Boolean(row) && motivo === '01' });
  const candidates = row ? substituteCandidates(candidatesList.data?.data ?? [], row) : [];
  const cancel = useMutation({
    mutationFn: () => cancelRetention(row!.uuid, motivo!, motivo === '01' ? substitute.trim().toUpperCase() : undefined),
    onSuccess: async (res) => {
      showAlert(res.rspns, res.msj, t('retentions.cancelTitle'));
      await queryClient.invalidateQueries({ queryKey: ['retentions', rfc] });
      onClose();
    },
    onError: (e) => {
      const body = isApiError(e) ? e.body : null;
      const field = body?.errors?.uuidSustitucion;
      if (field) setError(Array.isArray(field) ? String(field[0]) : String(field));
      else toastError(body ? formatApiErrorLines(body) : undefined);
    },
  });
  const submit = () => {
    if (!motivo) return;
    if (motivo === '01' && !UUID_RE.test(substitute.trim())) { setError(t('retentionsExtra.cancel.badUuid')); return; }
    cancel.mutate();
  };
  return (
    <Modal opened={Boolean(row)} onClose={onClose} title={t('retentions.cancelTitle')} centered>
      {row && (
        <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <Stack gap="sm">
            <Text size="sm">{t('retentionsExtra.cancel.text', { uuid: row.uuid, receptor: row.rfc_receptor ?? row.nombre_receptor, total: formatMoney(row.monto_tot_retenido) })}</Text>
            <NativeSelect label={t('retentionsExtra.cancel.motivo')} required value={motivo ?? ''}
              onChange={(e) => { setMotivo((e.currentTarget.value || null) as Motivo | null); setError(null); }}
              data={[{ value: '', label: t('retentionsExtra.cancel.motivoPlaceholder') }, ...(motivos.data ?? []).map((m) => ({ value: m.value, label: `${m.value} - ${m.text}` }))]} />
            {motivo === '01' && (
              <>
                <NativeSelect label={t('retentionsExtra.cancel.pick')}
                  value={candidates.some((c) => c.uuid === substitute.trim().toUpperCase()) ? substitute.trim().toUpperCase() : ''}
                  onChange={(e) => { if (e.currentTarget.value) setSubstitute(e.currentTarget.value); setError(null); }}
                  data={[
                    { value: '', label: candidatesList.isPending ? t('app.loading') : candidates.length ? t('retentionsExtra.cancel.pickPlaceholder') : t('retentionsExtra.cancel.none') },
                    ...candidates.map((c) => ({ value: c.uuid, label: `${c.uuid.slice(0, 8)}… · ${c.rfc_receptor ?? c.nombre_receptor} · ${c.periodo} · ${formatMoney(c.monto_tot_retenido)}` })),
                  ]} />
                <TextInput label={t('retentionsExtra.cancel.substitute')} value={substitute} error={error} placeholder="XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX"
                  onChange={(e) => { setSubstitute(e.currentTarget.value); setError(null); }} />
              </>
            )}
            {motivo !== '01' && error && <Text c="red" size="sm">{error}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('retentions.back')}</Button>
              <Button type="submit" color="red" loading={cancel.isPending} disabled={!motivo || (motivo === '01' && !substitute.trim())}>{t('retentions.cancelConfirm')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
