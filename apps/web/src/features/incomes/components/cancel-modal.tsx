import { useEffect, useState } from 'react';
import { Button, Drawer, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatDay } from '../../../shared/format/dates';
import { showAlert } from '../../../shared/ui/toasts';
import { cancelInvoice, cancelOptionsQuery, fetchXml } from '../../invoicing/public';
import { substitutionQuery } from '../../invoicing/public';
import { draftFromXml, draftState } from '../../invoicing/public';
import type { InvoiceDraftState } from '../../invoicing/public';
import { incomesKeys, type Period } from '../api/incomes-api';
import { rowName } from './incomes-table';

type Motivo = '01' | '02' | '03' | '04';

interface Props {
  rfc: string;
  period: Period;
  row: InvoiceRow | null;
  onClose: () => void;
}

/** "Cancelar factura" (issue 9 item 7): SAT motivo; 01 asks the substitute, chosen in the side panel or issued anew. */
export function CancelModal({ rfc, period, row, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const motivos = useQuery(cancelOptionsQuery());
  const [option, setOption] = useState<Motivo | null>(null);
  const [substitute, setSubstitute] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState(false);
  useEffect(() => {
    setOption(null);
    setSubstitute('');
    setError(null);
    setPanel(false);
  }, [row]);
  // The account's RFC in the path (issue 25 §8: the customer's answered 403); only CFDI that substitute this one.
  const candidates = useQuery({ ...substitutionQuery(rfc, row?.uuid ?? '-', period.month, period.year), enabled: panel && Boolean(row) });

  const cancel = useMutation({
    mutationFn: () => cancelInvoice(row!.uuid, option!, option === '01' ? substitute.trim() : undefined),
    onSuccess: async (r) => {
      showAlert(r.rspns, r.msj);
      await queryClient.invalidateQueries({ queryKey: incomesKeys.all(rfc) });
      onClose();
    },
    onError: (e) => {
      const body = isApiError(e) ? e.body : null;
      const field = body?.errors?.uuidSustitucion ?? body?.errors?.option;
      if (field) setError(Array.isArray(field) ? field[0] : String(field));
      else showAlert(false, body?.message ?? t('incomes.cancel.failed'));
    },
  });

  /**
   * "Sustituir" (issue 24 §10, the guided way): the invoicing form prefilled from a copy of this one, related with
   * tipo 04; the user may edit it; once stamped, the form cancels this one with motivo 01 citing the new UUID.
   */
  const newSubstitute = useMutation({
    mutationFn: async () => {
      const xml = await (await fetchXml(row!.uuid)).text();
      const { draft, receptorRfc } = draftFromXml(xml, row!.uuid);
      const state: InvoiceDraftState = { ...(await draftState(draft, receptorRfc)), substitutes: { uuid: row!.uuid, name: rowName(row!) } };
      navigate('/invoicing/add', { state });
    },
    onError: () => showAlert(false, t('incomes.cancel.failed')),
  });

  return (
    <>
      <Modal opened={Boolean(row)} onClose={onClose} title={t('incomes.cancel.title')} centered>
        {row && (
          <form onSubmit={(e) => { e.preventDefault(); if (option) cancel.mutate(); }}>
            <Stack gap="sm">
              <Text size="sm">{t('incomes.cancel.text', { name: rowName(row), client: row.client, total: formatMoney(row.total) })}</Text>
              <Select label={t('incomes.cancel.motivo')} required value={option} onChange={(v) => { setOption(v as Motivo | null); setError(null); }} allowDeselect={false}
                data={(motivos.data ?? []).map((m) => ({ value: m.value, label: `${m.value} - ${m.text}` }))} comboboxProps={{ withinPortal: true }} />
              {option === '01' && (
                <>
                  <TextInput label={t('incomes.cancel.substitute')} value={substitute} error={error} onChange={(e) => { setSubstitute(e.currentTarget.value); setError(null); }}
                    placeholder="XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX" />
                  <Text size="xs" c="dimmed">{t('incomes.cancel.guidedHint')}</Text>
                  <Group gap="xs">
                    <Button size="xs" loading={newSubstitute.isPending} onClick={() => newSubstitute.mutate()}>{t('incomes.cancel.newSubstitute')}</Button>
                    <Button variant="light" size="xs" onClick={() => setPanel(true)}>{t('incomes.cancel.pickSubstitute')}</Button>
                  </Group>
                </>
              )}
              {option !== '01' && error && <Text c="red" size="sm">{error}</Text>}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>{t('incomes.close')}</Button>
                <Button type="submit" color="red" loading={cancel.isPending} disabled={!option || (option === '01' && !substitute.trim())}>{t('incomes.cancel.confirm')}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <Drawer opened={panel} onClose={() => setPanel(false)} position="right" size="lg" title={t('incomes.cancel.panelTitle')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('incomes.cancel.panelHint', { name: row ? rowName(row) : '' })}</Text>
          {(candidates.data ?? []).filter((c) => c.uuid !== row?.uuid).length === 0 ? (
            <Text size="sm">{candidates.isPending ? t('app.loading') : t('incomes.cancel.noCandidates')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped>
                <Table.Tbody>
                  {(candidates.data ?? []).filter((c) => c.uuid !== row?.uuid).map((c) => (
                    <Table.Tr key={c.uuid}>
                      <Table.Td><Text size="sm" fw={600}>{[c.serie, c.folio].filter(Boolean).join('-')}</Text><Text size="xs" ff="monospace">{c.uuid}</Text></Table.Td>
                      <Table.Td><Text size="sm">{c.client}</Text><Text size="xs" c="dimmed">{formatDay(c.f_emi.slice(0, 10))}</Text></Table.Td>
                      <Table.Td ta="right">{formatMoney(c.total)}</Table.Td>
                      <Table.Td><Button size="xs" onClick={() => { setSubstitute(c.uuid); setPanel(false); }}>{t('incomes.cancel.use')}</Button></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Button variant="light" loading={newSubstitute.isPending} onClick={() => newSubstitute.mutate()}>{t('incomes.cancel.newSubstitute')}</Button>
        </Stack>
      </Drawer>
    </>
  );
}
