import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Collapse, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconCircleCheck, IconDownload, IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow, PaymentStamped } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { parseDayFirst } from '../../../shared/format/parse-day';
import { FormAlert } from '../../../shared/ui/form-alert';
import { toastSuccess } from '../../../shared/ui/toasts';
import { downloadXml, SendEmailModal, viewPdf } from '../../invoicing/public';
import { applyMultiplePayments, applyPay, paymentCatalogsQuery, paymentReceptionKeys } from '../api/payment-reception-api';
import {
  initialPaymentValues, multiplePaymentBody, needsEquivalence, paidTotal, paymentDateProblem, singlePaymentBody, type PaymentFormValues,
} from '../model/payment-form';
import { invoiceName } from './mothers-table';
import '../texts';

type Field = Exclude<keyof PaymentFormValues, 'documentos'>;

/**
 * "Registrar pago": one payment (Pagos 2.0) applied to one invoice or split over several invoices of one customer.
 * The server seals and stamps the CFDI tipo P; this shows its folio fiscal, XML, PDF and "Enviar" afterwards.
 */
export function ApplyPaymentModal({ rfc, invoices, onClose }: { rfc: string; invoices: InvoiceRow[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const catalogs = useQuery({ ...paymentCatalogsQuery(), enabled: Boolean(invoices) });
  const [values, setValues] = useState<PaymentFormValues>(() => initialPaymentValues(invoices ?? []));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string[] | null>(null);
  const [bank, setBank] = useState(false);
  const [stamped, setStamped] = useState<PaymentStamped | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const many = (invoices?.length ?? 0) > 1;

  useEffect(() => {
    if (!invoices) return;
    setValues(initialPaymentValues(invoices));
    setFieldErrors({});
    setFormError(null);
    setStamped(null);
    setBank(false);
  }, [invoices]);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setDoc = (uuid: string, key: 'impPagado' | 'equivalenciaDR', value: string) =>
    setValues((v) => {
      const documentos = { ...v.documentos, [uuid]: { ...v.documentos[uuid]!, [key]: value } };
      // While every invoice is in the payment's currency, Monto follows the amounts typed per invoice.
      const sameCurrency = (invoices ?? []).every((i) => !needsEquivalence(i, v.monedaP));
      return { ...v, documentos, monto: key === 'impPagado' && sameCurrency ? paidTotal(Object.values(documentos).map((d) => d.impPagado)) : v.monto };
    });

  const save = useMutation({
    mutationFn: () => (many ? applyMultiplePayments(multiplePaymentBody(values, invoices!)) : applyPay(singlePaymentBody(values, invoices![0]!))),
    onSuccess: async (r) => {
      setStamped(r);
      toastSuccess(t('paymentReception.stamped'));
      await queryClient.invalidateQueries({ queryKey: paymentReceptionKeys.all(rfc) });
      await queryClient.invalidateQueries({ queryKey: ['incomes', rfc] });
    },
    onError: (e) => {
      if (!isApiError(e)) return setFormError([t('toast.error.text')]);
      const placed: Record<string, string> = {};
      const rest: Record<string, string[] | string> = {};
      for (const [key, msgs] of Object.entries(e.body.errors ?? {})) {
        const first = Array.isArray(msgs) ? msgs[0] : msgs;
        if (first && (key in values || /^documentos\.\d+\./.test(key) || key === 'fechaPago')) placed[key] = first;
        rest[key] = msgs;
      }
      setFieldErrors(placed);
      // Every message also goes in the alert: a per-invoice error may belong to a row without an input.
      setFormError(formatApiErrorLines({ errors: rest, message: e.body.message }));
    },
  });

  const formas = useMemo(() => (catalogs.data?.formasPago ?? []).filter((f) => f.clave !== '99').map((f) => ({ value: f.clave, label: `${f.clave} - ${f.descripcion}` })), [catalogs.data]);
  const monedas = useMemo(() => (catalogs.data?.monedas ?? []).filter((m) => m.clave !== 'XXX').map((m) => ({ value: m.clave, label: `${m.clave} - ${m.descripcion}` })), [catalogs.data]);
  const err = (f: string) => fieldErrors[f];
  const docErr = (i: number, f: string) => fieldErrors[`documentos.${i}.${f}`];
  const list = invoices ?? [];

  return (
    <Modal opened={Boolean(invoices)} onClose={onClose} size="xl" centered
      title={many ? t('paymentReception.form.titleMany', { count: list.length }) : t('paymentReception.form.title', { name: list[0] ? invoiceName(list[0]) : '' })}>
      {stamped ? (
        <Stack gap="sm" data-testid="payment-stamped">
          <Group gap="sm">
            <ThemeIcon color="teal" radius="xl" size="lg"><IconCircleCheck size={22} /></ThemeIcon>
            <Title order={4}>{t('paymentReception.success.title')}</Title>
          </Group>
          <Text size="sm">{t('paymentReception.success.text')}</Text>
          <Text size="sm">{t('invoicing.success.uuid')}: <Text span ff="monospace" data-testid="payment-uuid">{stamped.uuid}</Text></Text>
          <Group>
            <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => void downloadXml(stamped.uuid)}>{t('invoicing.success.xml')}</Button>
            <Button leftSection={<IconFileTypePdf size={16} />} variant="light" onClick={() => void viewPdf(stamped.uuid)}>{t('invoicing.success.pdf')}</Button>
            <Button leftSection={<IconMail size={16} />} variant="light" onClick={() => setSending(stamped.uuid)}>{t('invoicing.success.send')}</Button>
            <Button variant="default" onClick={onClose}>{t('incomes.close')}</Button>
          </Group>
          <SendEmailModal rfc={rfc} uuid={sending} onClose={() => setSending(null)} />
        </Stack>
      ) : (
        <form onSubmit={(e) => {
          e.preventDefault();
          setFormError(null);
          // A payment dated before an invoice it pays is an anticipo: said on the date, nothing sent (issue 24).
          const early = paymentDateProblem(values, invoices ?? []);
          setFieldErrors(early ? { fechaPago: early } : {});
          if (!early) save.mutate();
        }} noValidate>
          <Stack gap="sm">
            <FormAlert message={formError} testId="payment-form-error" />
            <Table withTableBorder verticalSpacing={4} data-testid="payment-documents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('paymentReception.cols.folio')}</Table.Th>
                  <Table.Th ta="right">{t('paymentReception.cols.saldo')}</Table.Th>
                  <Table.Th w={170}>{t('paymentReception.form.impPagado')}</Table.Th>
                  {list.some((i) => needsEquivalence(i, values.monedaP)) && <Table.Th w={150}>{t('paymentReception.form.equivalencia')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((inv, i) => (
                  <Table.Tr key={inv.uuid}>
                    <Table.Td><Text size="sm" fw={600}>{invoiceName(inv)}</Text><Text size="xs" c="dimmed">{inv.client}</Text></Table.Td>
                    <Table.Td ta="right"><Text size="sm">{formatMoney(inv.saldo)} {inv.moneda}</Text></Table.Td>
                    <Table.Td>
                      {many ? (
                        <TextInput size="xs" inputMode="decimal" aria-label={t('paymentReception.form.impPagadoOf', { name: invoiceName(inv) })}
                          value={values.documentos[inv.uuid]?.impPagado ?? ''} onChange={(e) => setDoc(inv.uuid, 'impPagado', e.currentTarget.value)} error={docErr(i, 'impPagado')} />
                      ) : (
                        <Text size="sm" c="dimmed">{t('paymentReception.form.fromMonto')}</Text>
                      )}
                    </Table.Td>
                    {list.some((x) => needsEquivalence(x, values.monedaP)) && (
                      <Table.Td>
                        {needsEquivalence(inv, values.monedaP) && (
                          <TextInput size="xs" inputMode="decimal" aria-label={t('paymentReception.form.equivalenciaOf', { name: invoiceName(inv) })}
                            value={values.documentos[inv.uuid]?.equivalenciaDR ?? ''} onChange={(e) => setDoc(inv.uuid, 'equivalenciaDR', e.currentTarget.value)}
                            error={docErr(i, 'equivalenciaDR') ?? (!many ? err('equivalenciaDR') : undefined)} />
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DateInput label={t('paymentReception.form.fecha')} valueFormat="DD/MM/YYYY" dateParser={parseDayFirst} withAsterisk
                value={values.fecha || null} onChange={(v) => set('fecha')(v ? String(v).slice(0, 10) : '')} error={err('fechaPago')} popoverProps={{ withinPortal: true }} />
              <TimeInput label={t('paymentReception.form.hora')} value={values.hora} onChange={(e) => set('hora')(e.currentTarget.value)} />
              <Select label={t('paymentReception.form.forma')} data={formas} value={values.formaDePagoP} onChange={(v) => set('formaDePagoP')(v ?? '')}
                searchable allowDeselect={false} withAsterisk error={err('formaDePagoP')} comboboxProps={{ withinPortal: true }} />
              <Select label={t('paymentReception.form.moneda')} data={monedas} value={values.monedaP} onChange={(v) => set('monedaP')(v ?? 'MXN')}
                searchable allowDeselect={false} withAsterisk error={err('monedaP')} comboboxProps={{ withinPortal: true }} />
              {values.monedaP !== 'MXN' && (
                <TextInput label={t('paymentReception.form.tipoCambio')} inputMode="decimal" withAsterisk value={values.tipoCambioP}
                  onChange={(e) => set('tipoCambioP')(e.currentTarget.value)} error={err('tipoCambioP')} description={t('paymentReception.form.tipoCambioHint')} />
              )}
              <TextInput label={t('paymentReception.form.monto')} inputMode="decimal" withAsterisk value={values.monto}
                onChange={(e) => set('monto')(e.currentTarget.value)} error={err('monto')} description={t('paymentReception.form.montoHint', { moneda: values.monedaP })} />
              <TextInput label={t('paymentReception.form.numOperacion')} value={values.numOperacion} onChange={(e) => set('numOperacion')(e.currentTarget.value)} error={err('numOperacion')} />
            </SimpleGrid>
            <Button variant="subtle" size="xs" onClick={() => setBank((b) => !b)} w="fit-content">
              {bank ? t('paymentReception.form.bankHide') : t('paymentReception.form.bankShow')}
            </Button>
            <Collapse expanded={bank}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label={t('paymentReception.form.rfcEmisorCtaOrd')} value={values.rfcEmisorCtaOrd} onChange={(e) => set('rfcEmisorCtaOrd')(e.currentTarget.value)} error={err('rfcEmisorCtaOrd')} />
                <TextInput label={t('paymentReception.form.ctaOrdenante')} value={values.ctaOrdenante} onChange={(e) => set('ctaOrdenante')(e.currentTarget.value)} error={err('ctaOrdenante')} />
                <TextInput label={t('paymentReception.form.rfcEmisorCtaBen')} value={values.rfcEmisorCtaBen} onChange={(e) => set('rfcEmisorCtaBen')(e.currentTarget.value)} error={err('rfcEmisorCtaBen')} />
                <TextInput label={t('paymentReception.form.ctaBeneficiario')} value={values.ctaBeneficiario} onChange={(e) => set('ctaBeneficiario')(e.currentTarget.value)} error={err('ctaBeneficiario')} />
              </SimpleGrid>
            </Collapse>
            {list.some((i) => needsEquivalence(i, values.monedaP)) && <Alert color="blue" variant="light">{t('paymentReception.form.hint')}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('incomes.close')}</Button>
              <Button type="submit" loading={save.isPending}>{t('paymentReception.form.submit')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
