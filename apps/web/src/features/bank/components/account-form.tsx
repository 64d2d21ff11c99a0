import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BANK_CURRENCIES, clabeError } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { FormAlert } from '../../../shared/ui/form-alert';
import { toastSuccess } from '../../../shared/ui/toasts';
import { bankCatalogsQuery, bankKeys, createBankAccount } from '../api/bank-api';
import '../texts';

/** New bank account: bank from c_Banco, the CLABE checked as it is typed (same rule as the API), currency. */
export function AccountForm({ rfc, opened, onClose, onCreated }: { rfc: string; opened: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const catalogs = useQuery(bankCatalogsQuery());
  const [banco, setBanco] = useState<string | null>(null);
  const [clabe, setClabe] = useState('');
  const [moneda, setMoneda] = useState<string>('MXN');
  const [errors, setErrors] = useState<string[]>([]);
  const clabeProblem = clabe.length >= 18 ? clabeError(clabe.replace(/\s/g, '')) : null;
  // Typing the CLABE first picks its bank (the first three digits are the bank's key).
  const onClabe = (v: string) => {
    setClabe(v);
    const key = v.replace(/\s/g, '').slice(0, 3);
    if (!banco && key.length === 3 && catalogs.data?.bancos.some((b) => b.clave === key)) setBanco(key);
  };
  const save = useMutation({
    mutationFn: () => createBankAccount({ banco: banco ?? '', clabe, moneda: moneda as (typeof BANK_CURRENCIES)[number] }),
    onSuccess: async (r) => {
      toastSuccess(t('bank.accountCreated'));
      await queryClient.invalidateQueries({ queryKey: bankKeys.all(rfc) });
      setClabe('');
      setBanco(null);
      onCreated(r.id);
      onClose();
    },
    onError: (e) => setErrors(isApiError(e) ? formatApiErrorLines(e.body) : [t('toast.error.text')]),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('bank.newAccount')}>
      <Stack>
        <FormAlert message={errors} />
        <TextInput label={t('bank.clabe')} value={clabe} onChange={(e) => onClabe(e.currentTarget.value)} maxLength={20} error={clabeProblem} data-testid="bank-clabe" />
        <Select label={t('bank.bank')} searchable data={(catalogs.data?.bancos ?? []).map((b) => ({ value: b.clave, label: `${b.clave} ${b.descripcion}` }))}
          value={banco} onChange={setBanco} data-testid="bank-banco" />
        <Select label={t('bank.currency')} data={[...BANK_CURRENCIES]} value={moneda} onChange={(v) => setMoneda(v ?? 'MXN')} allowDeselect={false} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('bank.cancel')}</Button>
          <Button onClick={() => { setErrors([]); save.mutate(); }} loading={save.isPending} disabled={!banco || clabe.length < 18 || !!clabeProblem} data-testid="bank-save-account">
            {t('bank.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
