import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Movement } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { FormAlert } from '../../../shared/ui/form-alert';
import { openCfdisQuery, reconcile } from '../api/bank-api';
import '../texts';

/**
 * "Cambiar": search any open CFDI (issued for a deposit, received for a withdrawal) and choose one or several,
 * with the part of the movement each gets; they must add up to the movement (the API says so otherwise).
 */
export function ChangeModal({ rfc, movement, onClose, onSaved }: { rfc: string; movement: Movement | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [buscar, setBuscar] = useState('');
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [errors, setErrors] = useState<string[]>([]);
  const open = useQuery({ ...openCfdisQuery(rfc, movement?.id ?? 0, buscar), enabled: !!movement });
  const amount = movement?.deposito ?? movement?.retiro ?? '0';
  const save = useMutation({
    mutationFn: () => reconcile(movement!.id, { cfdis: [...chosen.entries()].map(([uuid, importe]) => ({ uuid, importe })), formaPago: '03' }),
    onSuccess: () => { setChosen(new Map()); onSaved(); onClose(); },
    onError: (e) => setErrors(isApiError(e) ? formatApiErrorLines(e.body) : [t('toast.error.text')]),
  });
  const toggle = (uuid: string, saldo: string) => setChosen((m) => {
    const next = new Map(m);
    if (next.has(uuid)) next.delete(uuid); else next.set(uuid, next.size === 0 && Number(saldo) > Number(amount) ? amount : saldo);
    return next;
  });
  return (
    <Modal opened={!!movement} onClose={onClose} size="xl" title={t('bank.changeTitle', { amount })}>
      <Stack>
        <FormAlert message={errors} />
        <TextInput placeholder={t('bank.searchCfdi')} value={buscar} onChange={(e) => setBuscar(e.currentTarget.value)} data-testid="bank-search-cfdi" />
        <Table striped>
          <Table.Thead><Table.Tr><Table.Th /><Table.Th>{t('bank.cfdi')}</Table.Th><Table.Th>{t('bank.counterparty')}</Table.Th><Table.Th>{t('bank.date')}</Table.Th><Table.Th>{t('bank.balance')}</Table.Th><Table.Th>{t('bank.applied')}</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {(open.data?.data ?? []).map((c) => (
              <Table.Tr key={c.uuid}>
                <Table.Td><Checkbox checked={chosen.has(c.uuid)} onChange={() => toggle(c.uuid, c.saldo)} aria-label={c.uuid} /></Table.Td>
                <Table.Td><Text size="sm">{`${c.serie ?? ''}${c.folio ?? ''}`}</Text><Text size="xs" c="dimmed">{c.uuid.slice(0, 8)} · {c.metodoPago}</Text></Table.Td>
                <Table.Td><Text size="sm">{c.nombre}</Text><Text size="xs" c="dimmed">{c.rfc}</Text></Table.Td>
                <Table.Td>{c.fecha}</Table.Td>
                <Table.Td>{c.saldo} {c.moneda}</Table.Td>
                <Table.Td>
                  {chosen.has(c.uuid) && (
                    <TextInput size="xs" w={110} value={chosen.get(c.uuid)} onChange={(e) => { const v = e.currentTarget.value; setChosen((m) => new Map(m).set(c.uuid, v)); }} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('bank.cancel')}</Button>
          <Button disabled={!chosen.size} loading={save.isPending} onClick={() => { setErrors([]); save.mutate(); }}>{t('bank.accept')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
