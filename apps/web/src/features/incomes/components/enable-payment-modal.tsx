import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '@facturo/contract';
import { parseDayFirst } from '../../../shared/format/parse-day';
import { showAlert } from '../../../shared/ui/toasts';
import { enablePayment, incomesKeys } from '../api/incomes-api';
import { rowName } from './incomes-table';

/** Today as the calendar day "YYYY-MM-DD" in the browser's time zone. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** "Habilitar Pago" (issue 9 item 7): marks the invoice paid on a day. */
export function EnablePaymentModal({ rfc, row, onClose, save: send = enablePayment, invalidate }: {
  rfc: string; row: InvoiceRow | null; onClose: () => void;
  /** The side's enable-payment call (default incomes) and the query key to refresh after it. */
  save?: (uuid: string, fpago: string) => Promise<{ msj: string; rspns: boolean }>;
  invalidate?: readonly unknown[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [day, setDay] = useState<string | null>(today());
  useEffect(() => setDay(today()), [row]);
  const save = useMutation({
    mutationFn: () => send(row!.uuid, day!),
    onSuccess: async (r) => {
      showAlert(r.rspns, r.msj);
      await queryClient.invalidateQueries({ queryKey: invalidate ?? incomesKeys.all(rfc) });
      onClose();
    },
  });
  return (
    <Modal opened={Boolean(row)} onClose={onClose} title={t('incomes.enable.title')} centered>
      {row && (
        <Stack gap="sm">
          <Text size="sm">{t('incomes.enable.text', { name: rowName(row), client: row.client })}</Text>
          <DateInput label={t('incomes.enable.date')} valueFormat="DD/MM/YYYY" placeholder={t('app.datePlaceholder')} dateParser={parseDayFirst}
            value={day} onChange={(v) => setDay(v ? String(v).slice(0, 10) : null)} required popoverProps={{ withinPortal: true }} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('incomes.close')}</Button>
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!day}>{t('incomes.enable.confirm')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
