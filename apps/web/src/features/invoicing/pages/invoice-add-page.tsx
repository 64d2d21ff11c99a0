import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconEye, IconRubberStamp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Client, InvoiceStamped } from '@facturo/contract';
import { usosCfdiFor } from '@facturo/cfdi/catalogs/browser';
import { isApiError } from '../../../shared/api/api-error';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { useSession } from '../../../shared/session/session-store';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PageHeader } from '../../../shared/ui/page-header';
import { toastWarning } from '../../../shared/ui/toasts';
import { ClientFormDrawer, ClientV4Dialog } from '../../clients/public';
import { blacklistQuery, confirmBlacklistedCustomer } from '../../sat-status/public';
import { LowStampsAlert, StampBalanceBadge, isNoStampsError } from '../../payments/public';
import { cancelInvoice } from '../api/documents-api';
import { invoicingCatalogsQuery, invoicingKeys, previewInvoice, stampInvoice, stampsQuery } from '../api/invoicing-api';
import { ConceptsSection } from '../components/concepts-section';
import { ExtrasSection } from '../components/extras-section';
import { GeneralSection } from '../components/general-section';
import { PreviewModal } from '../components/preview-modal';
import { StampSuccess } from '../components/stamp-success';
import { TotalsPanel } from '../components/totals-panel';
import { draftProblems, draftWarnings, emptyInvoice, formToBody, liveTotals, RFC_PUBLICO_GENERAL, type InvoiceForm } from '../model/invoice-form';

/** Top-level body fields: a server error under one of them lands on that path (nested ones too). */
const FIELDS = ['tipoDeComprobante', 'clientId', 'usoCFDI', 'formaPago', 'metodoPago', 'moneda', 'tipoCambio', 'serie', 'exportacion', 'informacionGlobal', 'cfdiRelacionados', 'observaciones', 'conceptos'] as const;
/** The body says `año`, the form `anio` (a form path with ñ is awkward to type in tests and code). */
const ALIAS = { 'informacionGlobal.año': 'informacionGlobal.anio' };

/**
 * What another screen can hand over to start from (the substitution panel: relation 04 to the cancelled one).
 * `substitutes`: the guided substitution (issue 24 §10) — once this CFDI is stamped, that one is cancelled with
 * motivo 01 citing it.
 */
export interface InvoiceDraftState { draft?: Partial<InvoiceForm>; client?: Client; substitutes?: { uuid: string; name: string } }

/** /invoicing/add (spec §2.7, issue 9 items 1-3): issue, preview and stamp a CFDI 4.0 (or 3.3). */
export function InvoiceAddPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const handed = (useLocation().state ?? {}) as InvoiceDraftState;
  const form = useForm<InvoiceForm>({ defaultValues: { ...emptyInvoice(), ...handed.draft, clientId: handed.client ? String(handed.client.id) : (handed.draft?.clientId ?? '') } });
  const [client, setClient] = useState<Client | null>(handed.client ?? null);
  const [clientDrawer, setClientDrawer] = useState(false);
  const [completing, setCompleting] = useState<Client | null>(null);
  const [formError, setFormError] = useState<string[] | null>(null);
  const [preview, setPreview] = useState<Blob | null>(null);
  const [stamped, setStamped] = useState<InvoiceStamped | null>(null);
  const [substitutes, setSubstitutes] = useState(handed.substitutes);
  const catalogs = useQuery(invoicingCatalogsQuery(rfc));
  const stamps = useQuery(stampsQuery(rfc));

  const [moneda, conceptos, tipo] = useWatch({ control: form.control, name: ['moneda', 'conceptos', 'tipoDeComprobante'] });
  // react-hook-form may hand back the same (mutated) array: key the memo on the concepts' content.
  const conceptsKey = JSON.stringify(conceptos);
  const live = useMemo(() => liveTotals({ moneda, conceptos }), [moneda, conceptsKey]);
  const publicoGeneral = client?.rfc === RFC_PUBLICO_GENERAL;
  const warnings = useMemo(() => draftWarnings({ tipoDeComprobante: tipo, conceptos }, rfc), [tipo, conceptsKey, rfc]);

  /** Client-side checks first (same paths as the API's); false when something must be fixed. */
  const checked = (): ReturnType<typeof formToBody> | null => {
    form.clearErrors();
    setFormError(null);
    const values = form.getValues();
    const problems = draftProblems(values, {
      publicoGeneral, usosAllowed: client ? usosCfdiFor(client.regimen, client.persona) : null, lugarExpedicion: catalogs.data?.lugarExpedicion ?? null,
    });
    // An engine rule broken by a concept whose fields look fine (e.g. descuento above the importe).
    const broken = live.conceptos.flatMap((c, i) => (!c.ok && c.message && !Object.keys(problems).some((k) => k.startsWith(`conceptos.${i}.`)) ? [[`conceptos.${i}.objetoImp`, c.message] as const] : []));
    for (const [path, message] of [...Object.entries(problems), ...broken]) form.setError(path as Path<InvoiceForm>, { type: 'draft', message });
    if (Object.keys(problems).length || broken.length) {
      toastWarning();
      return null;
    }
    return formToBody(values, publicoGeneral);
  };
  const onServerError = (e: unknown) => setFormError(setServerErrors(e, form.setError, FIELDS, { alias: ALIAS }));

  const previewing = useMutation({
    mutationFn: (body: ReturnType<typeof formToBody>) => previewInvoice(form.getValues('version'), body),
    onSuccess: setPreview,
    onError: onServerError,
  });
  const stamping = useMutation({
    mutationFn: (body: ReturnType<typeof formToBody>) => stampInvoice(form.getValues('version'), body),
    onSuccess: async (r) => {
      setStamped(r);
      window.scrollTo({ top: 0 });
      if (substitutes) cancelOriginal.mutate(r.uuid);
      await queryClient.invalidateQueries({ queryKey: invoicingKeys.all(rfc) });
      await queryClient.invalidateQueries({ queryKey: ['incomes', rfc] });
    },
    onError: (e) => {
      onServerError(e);
      // Refused for lack of stamps: the balance shown is stale; the warning below says why and links to «Comprar timbres».
      if (isApiError(e) && isNoStampsError(e.body)) void queryClient.invalidateQueries({ queryKey: invoicingKeys.all(rfc) });
    },
  });

  /** The guided substitution's second step: the original is cancelled with motivo 01 citing the new CFDI. */
  const cancelOriginal = useMutation({
    mutationFn: (uuid: string) => cancelInvoice(substitutes!.uuid, '01', uuid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['incomes', rfc] }),
  });

  /**
   * A customer on SAT's 69-B list (presunto or definitivo) gets a warning first (issue 15 §4); stamping is still
   * allowed once confirmed. A failed lookup never blocks stamping.
   */
  const stampAfterBlacklistCheck = async (body: ReturnType<typeof formToBody>) => {
    if (client && !publicoGeneral) {
      const entry = await queryClient.fetchQuery(blacklistQuery(rfc, client.rfc)).catch(() => null);
      if (entry?.riesgo && !(await confirmBlacklistedCustomer(entry))) return;
    }
    stamping.mutate(body);
  };

  const restart = () => {
    setStamped(null);
    setSubstitutes(undefined);
    setClient(null);
    form.reset(emptyInvoice());
  };

  const balance = stamps.data?.balance;
  return (
    <Stack gap="md">
      <PageHeader title={t(tipo === 'E' ? 'invoicing.creditNoteTitle' : 'invoicing.title')}
        action={balance !== undefined && (
          <StampBalanceBadge balance={balance} label={t('invoicing.stampBalance', { count: balance })} />
        )} />
      {substitutes && !stamped && <Alert color="blue" data-testid="substitution-banner">{t('invoicing.substitution.banner', { name: substitutes.name, uuid: substitutes.uuid })}</Alert>}
      {substitutes && stamped && (
        <Alert data-testid="substitution-result" color={cancelOriginal.isError ? 'red' : cancelOriginal.data?.rspns === false ? 'orange' : 'teal'}>
          <Stack gap="xs">
            <Text size="sm">
              {cancelOriginal.isPending ? t('invoicing.substitution.cancelling', { name: substitutes.name })
                : cancelOriginal.isError ? (isApiError(cancelOriginal.error) ? cancelOriginal.error.body?.message : null) ?? t('incomes.cancel.failed')
                : cancelOriginal.data ? t('invoicing.substitution.done', { name: substitutes.name, msj: cancelOriginal.data.msj }) : ''}
            </Text>
            {cancelOriginal.isError && (
              <Group><Button size="xs" variant="light" onClick={() => cancelOriginal.mutate(stamped.uuid)}>{t('invoicing.substitution.retry')}</Button></Group>
            )}
          </Stack>
        </Alert>
      )}
      {!stamped && balance !== undefined && <LowStampsAlert balance={balance} />}
      {stamped ? (
        <StampSuccess rfc={rfc} stamped={stamped} onNew={restart} />
      ) : (
        <FormProvider {...form}>
          <form noValidate onSubmit={(e) => { e.preventDefault(); const body = checked(); if (body) void stampAfterBlacklistCheck(body); }}>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <Stack gap="md">
                  <FormAlert message={formError} />
                  <GeneralSection rfc={rfc} catalogs={catalogs.data} client={client} onClient={setClient} onNewClient={() => setClientDrawer(true)} onCompleteV4={setCompleting} />
                  <ConceptsSection rfc={rfc} catalogs={catalogs.data} live={live} />
                  <ExtrasSection catalogs={catalogs.data} publicoGeneral={publicoGeneral} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <Stack gap="md" style={{ position: 'sticky', top: 80 }}>
                  <TotalsPanel live={live} moneda={moneda} />
                  {warnings.map((w) => (
                    <Alert key={w} color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('invoicing.warningTitle')} data-testid="invoice-warning">{w}</Alert>
                  ))}
                  <Group grow>
                    <Button variant="light" leftSection={<IconEye size={16} />} loading={previewing.isPending}
                      onClick={() => { const body = checked(); if (body) previewing.mutate(body); }}>{t('invoicing.previewButton')}</Button>
                    <Button type="submit" leftSection={<IconRubberStamp size={16} />} loading={stamping.isPending} disabled={balance === 0}
                      title={balance === 0 ? 'No tienes timbres disponibles: compra un paquete para timbrar' : undefined}>{t('invoicing.stampButton')}</Button>
                  </Group>
                  {balance === 0 && <Text size="sm" c="red" data-testid="stamp-disabled-reason">«Timbrar factura» está desactivado porque no tienes timbres disponibles.</Text>}
                </Stack>
              </Grid.Col>
            </Grid>
          </form>
        </FormProvider>
      )}
      <PreviewModal pdf={preview} onClose={() => setPreview(null)} />
      <ClientV4Dialog rfc={rfc} client={completing} onClose={() => setCompleting(null)}
        onSaved={(saved) => {
          setClient(saved);
          // The uso may have changed with the régimen: propose the customer's own again.
          if (usosCfdiFor(saved.regimen, saved.persona).includes(saved.uso_cfdi)) form.setValue('usoCFDI', saved.uso_cfdi);
          void queryClient.invalidateQueries({ queryKey: [...invoicingKeys.all(rfc), 'customers'] });
        }} />
      <ClientFormDrawer rfc={rfc} opened={clientDrawer}
        onClose={() => { setClientDrawer(false); void queryClient.invalidateQueries({ queryKey: [...invoicingKeys.all(rfc), 'customers'] }); }} />
    </Stack>
  );
}
