import { useEffect, useState } from 'react';
import { Button, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { FormAlert } from '../../../shared/ui/form-alert';
import { toastSuccess } from '../../../shared/ui/toasts';
import { payableRemindersQuery, savePayableReminders } from '../api/bank-api';
import '../texts';

/** Payables (issue 27 §5, decision 317): the daily job e-mails the account itself the supplier CFDI coming due. */
export function PayablesReminder({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const current = useQuery(payableRemindersQuery(rfc)).data;
  const [cfg, setCfg] = useState({ activo: false, diasAntes: 5, diasCredito: 30, email: '' });
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    if (current) setCfg({ activo: current.activo, diasAntes: current.diasAntes, diasCredito: current.diasCredito, email: current.email ?? '' });
  }, [current]);
  const save = useMutation({
    mutationFn: () => savePayableReminders(cfg),
    onSuccess: () => { toastSuccess(t('bank.payables.saved')); void qc.invalidateQueries({ queryKey: ['bank', rfc] }); },
    onError: (e) => setErrors(isApiError(e) ? formatApiErrorLines(e.body) : [t('toast.error.text')]),
  });
  return (
    <Stack gap={6} data-testid="payables-reminder">
      <Text fw={600} size="sm">{t('bank.payables.title')}</Text>
      <FormAlert message={errors} />
      <Group align="flex-end">
        <Switch label={t('bank.payables.on')} checked={cfg.activo} onChange={(e) => setCfg({ ...cfg, activo: e.currentTarget.checked })} />
        <NumberInput w={170} label={t('bank.payables.diasAntes')} min={1} max={60} value={cfg.diasAntes} onChange={(v) => setCfg({ ...cfg, diasAntes: Number(v) || 1 })} />
        <NumberInput w={150} label={t('bank.payables.diasCredito')} min={0} max={365} value={cfg.diasCredito} onChange={(v) => setCfg({ ...cfg, diasCredito: Number(v) || 0 })} />
        <TextInput w={240} type="email" label={t('bank.payables.email')} placeholder={current?.emailCuenta} value={cfg.email} onChange={(e) => setCfg({ ...cfg, email: e.currentTarget.value })} />
        <Button variant="default" loading={save.isPending} onClick={() => { setErrors([]); save.mutate(); }}>{t('bank.payables.save')}</Button>
      </Group>
    </Stack>
  );
}
