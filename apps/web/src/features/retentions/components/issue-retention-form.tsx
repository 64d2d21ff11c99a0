import { useState } from 'react';
import { ActionIcon, Button, Divider, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { retentionBodySchema, type RetentionBodyIn } from '@facturo/contract';
import { setServerErrors } from '../../../shared/api/form-server-errors';
import { FormAlert } from '../../../shared/ui/form-alert';
import { FormSelect } from '../../../shared/ui/form-select';
import { issueRetention, retentionCatalogsQuery } from '../api/retentions-api';
import '../texts';

type Complemento = 'none' | 'dividendos' | 'intereses' | 'pagosAExtranjeros' | 'plataformasTecnologicas';

/** What the form edits: the body's shape with every text as typed (empty = not sent) and one complement picked. */
export interface RetentionFormValues {
  cveRetenc: string;
  descRetenc: string;
  folioInt: string;
  receptor: { nacionalidad: 'Nacional' | 'Extranjero'; rfc: string; nombre: string; curp: string; cp: string; numRegIdTrib: string };
  periodo: { mesIni: number; mesFin: number; ejercicio: number };
  totales: { montoTotGrav: string; montoTotExent: string; impRetenidos: { impuestoRet: string; baseRet: string; montoRet: string; tipoPagoRet: string }[] };
  complemento: Complemento;
  complementos: {
    dividendos: { cveTipDivOUtil: string; montISRAcredRetMexico: string; montISRAcredRetExtranjero: string; tipoSocDistrDiv: string };
    intereses: { sistFinanciero: string; retiroAORESRetInt: string; operFinancDerivad: string; montIntNominal: string; montIntReal: string; perdida: string };
    pagosAExtranjeros: { esBenefEfectDelCobro: string; paisDeResidParaEfecFisc: string; rfc: string; curp: string; nomDenRazSocB: string; conceptoPago: string; descripcionConcepto: string };
    plataformasTecnologicas: {
      periodicidad: string; totalIVARetenido: string; totalISRRetenido: string; difIVAEntregadoPrestServ: string;
      servicios: { formaPagoServ: string; tipoDeServ: string; fechaServ: string; precioServSinIVA: string; iva: string; comision: string }[];
    };
  };
}

/** Drops empty texts (optional fields not filled) so the contract sees them as absent. */
function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined)) as T;
}

/** The body POST /api/retenciones takes, from the form. */
export function toBody(v: RetentionFormValues): RetentionBodyIn {
  const r = v.receptor;
  const c = v.complementos;
  const complementos: NonNullable<RetentionBodyIn['complementos']> = {};
  if (v.complemento === 'dividendos') complementos.dividendos = compact(c.dividendos) as never;
  if (v.complemento === 'intereses') complementos.intereses = compact(c.intereses) as never;
  if (v.complemento === 'pagosAExtranjeros') complementos.pagosAExtranjeros = compact(c.pagosAExtranjeros) as never;
  if (v.complemento === 'plataformasTecnologicas') {
    const p = c.plataformasTecnologicas;
    complementos.plataformasTecnologicas = { ...compact({ ...p, servicios: undefined }), servicios: p.servicios.map((s) => compact(s)) } as never;
  }
  return {
    ...compact({ cveRetenc: v.cveRetenc, descRetenc: v.descRetenc, folioInt: v.folioInt }),
    cveRetenc: v.cveRetenc,
    receptor: r.nacionalidad === 'Nacional'
      ? compact({ nacionalidad: 'Nacional' as const, rfc: r.rfc, nombre: r.nombre, curp: r.curp, cp: r.cp })
      : compact({ nacionalidad: 'Extranjero' as const, nombre: r.nombre, numRegIdTrib: r.numRegIdTrib }),
    periodo: v.periodo,
    totales: { montoTotGrav: v.totales.montoTotGrav, montoTotExent: v.totales.montoTotExent, impRetenidos: v.totales.impRetenidos.map((i) => compact(i)) as never },
    ...(v.complemento === 'none' ? {} : { complementos }),
  } as RetentionBodyIn;
}

/** One more service line of the plataformas tecnológicas complement (transferencia, tipo 01 until changed). */
export const emptyServicio = () => ({ formaPagoServ: '03', tipoDeServ: '01', fechaServ: '', precioServSinIVA: '', iva: '', comision: '' });

const emptyValues = (year: number, month: number): RetentionFormValues => ({
  cveRetenc: '', descRetenc: '', folioInt: '',
  receptor: { nacionalidad: 'Nacional', rfc: '', nombre: '', curp: '', cp: '', numRegIdTrib: '' },
  periodo: { mesIni: month, mesFin: month, ejercicio: year },
  totales: { montoTotGrav: '', montoTotExent: '0', impRetenidos: [{ impuestoRet: '001', baseRet: '', montoRet: '', tipoPagoRet: '04' }] },
  complemento: 'none',
  complementos: {
    dividendos: { cveTipDivOUtil: '01', montISRAcredRetMexico: '0', montISRAcredRetExtranjero: '0', tipoSocDistrDiv: 'Sociedad Nacional' },
    intereses: { sistFinanciero: 'SI', retiroAORESRetInt: 'NO', operFinancDerivad: 'NO', montIntNominal: '', montIntReal: '', perdida: '0' },
    pagosAExtranjeros: { esBenefEfectDelCobro: 'NO', paisDeResidParaEfecFisc: '', rfc: '', curp: '', nomDenRazSocB: '', conceptoPago: '', descripcionConcepto: '' },
    plataformasTecnologicas: {
      periodicidad: '02', totalIVARetenido: '0', totalISRRetenido: '0', difIVAEntregadoPrestServ: '0',
      servicios: [emptyServicio()],
    },
  },
});

const IMPUESTOS = [{ value: '001', label: '001 - ISR' }, { value: '002', label: '002 - IVA' }, { value: '003', label: '003 - IEPS' }];
const SI_NO = [{ value: 'SI', label: 'SI' }, { value: 'NO', label: 'NO' }];

/**
 * "Emitir retención": receptor nacional or extranjero, periodo, CveRetenc, totales with one ImpRetenidos per tax
 * and one of the common complements. Checked with the contract's schema first; the server's field errors land
 * on their inputs. On success the constancia is sealed and stamped (onIssued gets its UUID).
 */
export function IssueRetentionForm({ onIssued, year, month }: { onIssued: (uuid: string) => void; year: number; month: number }) {
  const { t } = useTranslation();
  const catalogs = useQuery(retentionCatalogsQuery());
  const form = useForm<RetentionFormValues>({ defaultValues: emptyValues(year, month) });
  const { control, register, handleSubmit, watch, setError, clearErrors, formState: { errors } } = form;
  const imps = useFieldArray({ control, name: 'totales.impRetenidos' });
  const servicios = useFieldArray({ control, name: 'complementos.plataformasTecnologicas.servicios' });
  const [alert, setAlert] = useState<string[] | null>(null);
  const nacionalidad = watch('receptor.nacionalidad');
  const complemento = watch('complemento');
  const fieldPaths = ['cveRetenc', 'descRetenc', 'folioInt', 'receptor', 'periodo', 'totales', 'complementos'];
  const issue = useMutation({
    mutationFn: issueRetention,
    onSuccess: (res) => onIssued(res.uuid),
    onError: (e) => setAlert(setServerErrors(e, setError, fieldPaths)),
  });
  const submit = handleSubmit((values) => {
    setAlert(null);
    clearErrors();
    const body = toBody(values);
    const parsed = retentionBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(issue.path.join('.') as FieldPath<RetentionFormValues>, { type: 'schema', message: issue.message });
      const unplaced = parsed.error.issues.filter((i) => i.path.length === 0).map((i) => i.message);
      if (unplaced.length) setAlert(unplaced);
      return;
    }
    issue.mutate(body);
  });
  const err = (path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors) as { message?: string } | undefined;
  const text = (name: FieldPath<RetentionFormValues>, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...register(name)} error={err(name)?.message} {...extra} />
  );
  const options = (list: { value: string; text: string }[] | undefined) => (list ?? []).map((o) => ({ value: o.value, label: o.text }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormAlert message={alert} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormSelect control={control} name="cveRetenc" label={t('retentions.form.cveRetenc')} data={options(catalogs.data?.cveRetenc)} searchable required />
          {text('folioInt', t('retentions.form.folioInt'))}
        </SimpleGrid>
        {text('descRetenc', t('retentions.form.descRetenc'))}

        <Divider label={t('retentions.form.receptor')} labelPosition="left" />
        <Controller control={control} name="receptor.nacionalidad" render={({ field }) => (
          <SegmentedControl value={field.value} onChange={field.onChange} aria-label={t('retentions.form.nacionalidad')}
            data={[{ value: 'Nacional', label: t('retentions.form.nacional') }, { value: 'Extranjero', label: t('retentions.form.extranjero') }]} />
        )} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {nacionalidad === 'Nacional' ? text('receptor.rfc', t('retentions.form.rfc'), { required: true }) : text('receptor.numRegIdTrib', t('retentions.form.numRegIdTrib'))}
          {text('receptor.nombre', t('retentions.form.nombre'), { required: true })}
          {nacionalidad === 'Nacional' && text('receptor.cp', t('retentions.form.cp'), { required: true })}
          {nacionalidad === 'Nacional' && text('receptor.curp', t('retentions.form.curp'))}
        </SimpleGrid>

        <Divider label={t('retentions.form.periodo')} labelPosition="left" />
        <SimpleGrid cols={3} spacing="sm">
          {(['mesIni', 'mesFin', 'ejercicio'] as const).map((k) => (
            <Controller key={k} control={control} name={`periodo.${k}`} render={({ field }) => (
              <NumberInput label={t(`retentions.form.${k}`)} value={field.value} onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v))}
                min={k === 'ejercicio' ? 2004 : 1} max={k === 'ejercicio' ? 2100 : 12} error={err(`periodo.${k}`)?.message} allowDecimal={false} />
            )} />
          ))}
        </SimpleGrid>

        <Divider label={t('retentions.form.totales')} labelPosition="left" />
        <SimpleGrid cols={2} spacing="sm">
          {text('totales.montoTotGrav', t('retentions.form.montoTotGrav'), { required: true })}
          {text('totales.montoTotExent', t('retentions.form.montoTotExent'), { required: true })}
        </SimpleGrid>
        <Text size="sm" fw={600}>{t('retentions.form.impRetenidos')}</Text>
        {imps.fields.map((f, i) => (
          <Group key={f.id} align="flex-end" gap="xs" wrap="nowrap">
            <FormSelect control={control} name={`totales.impRetenidos.${i}.impuestoRet`} label={t('retentions.form.impuestoRet')} data={IMPUESTOS} w={130} />
            <TextInput label={t('retentions.form.baseRet')} {...register(`totales.impRetenidos.${i}.baseRet`)} error={err(`totales.impRetenidos.${i}.baseRet`)?.message} />
            <TextInput label={t('retentions.form.montoRet')} {...register(`totales.impRetenidos.${i}.montoRet`)} error={err(`totales.impRetenidos.${i}.montoRet`)?.message} required />
            <FormSelect control={control} name={`totales.impRetenidos.${i}.tipoPagoRet`} label={t('retentions.form.tipoPagoRet')} data={options(catalogs.data?.tipoPagoRet)} w={220} />
            <ActionIcon variant="subtle" color="red" aria-label={t('retentions.form.removeImp', { n: i + 1 })} onClick={() => imps.remove(i)} mb={4}><IconTrash size={16} /></ActionIcon>
          </Group>
        ))}
        {err('totales.impRetenidos')?.message && <Text size="xs" c="red">{err('totales.impRetenidos')?.message}</Text>}
        <Button variant="light" size="xs" w="fit-content" leftSection={<IconPlus size={14} />}
          onClick={() => imps.append({ impuestoRet: '002', baseRet: '', montoRet: '', tipoPagoRet: '01' })}>{t('retentions.form.addImp')}</Button>

        <Divider label={t('retentions.form.complemento')} labelPosition="left" />
        <FormSelect control={control} name="complemento" label={t('retentions.form.complemento')} allowDeselect={false} data={[
          { value: 'none', label: t('retentions.form.sinComplemento') }, { value: 'dividendos', label: t('retentions.form.dividendos') },
          { value: 'intereses', label: t('retentions.form.intereses') }, { value: 'pagosAExtranjeros', label: t('retentions.form.pagosAExtranjeros') },
          { value: 'plataformasTecnologicas', label: t('retentions.form.plataformasTecnologicas') },
        ]} />
        {complemento === 'dividendos' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FormSelect control={control} name="complementos.dividendos.cveTipDivOUtil" label={t('retentions.form.cveTipDivOUtil')} data={options(catalogs.data?.tipoDividendo)} />
            <FormSelect control={control} name="complementos.dividendos.tipoSocDistrDiv" label={t('retentions.form.tipoSocDistrDiv')}
              data={[{ value: 'Sociedad Nacional', label: 'Sociedad Nacional' }, { value: 'Sociedad Extranjera', label: 'Sociedad Extranjera' }]} />
            {text('complementos.dividendos.montISRAcredRetMexico', t('retentions.form.montISRAcredRetMexico'))}
            {text('complementos.dividendos.montISRAcredRetExtranjero', t('retentions.form.montISRAcredRetExtranjero'))}
          </SimpleGrid>
        )}
        {complemento === 'intereses' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <FormSelect control={control} name="complementos.intereses.sistFinanciero" label={t('retentions.form.sistFinanciero')} data={SI_NO} />
            <FormSelect control={control} name="complementos.intereses.retiroAORESRetInt" label={t('retentions.form.retiroAORESRetInt')} data={SI_NO} />
            <FormSelect control={control} name="complementos.intereses.operFinancDerivad" label={t('retentions.form.operFinancDerivad')} data={SI_NO} />
            {text('complementos.intereses.montIntNominal', t('retentions.form.montIntNominal'))}
            {text('complementos.intereses.montIntReal', t('retentions.form.montIntReal'))}
            {text('complementos.intereses.perdida', t('retentions.form.perdida'))}
          </SimpleGrid>
        )}
        {complemento === 'pagosAExtranjeros' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FormSelect control={control} name="complementos.pagosAExtranjeros.esBenefEfectDelCobro" label={t('retentions.form.esBenefEfectDelCobro')} data={SI_NO} />
            <FormSelect control={control} name="complementos.pagosAExtranjeros.conceptoPago" label={t('retentions.form.conceptoPago')} data={options(catalogs.data?.conceptoPago)} />
            <FormSelect control={control} name="complementos.pagosAExtranjeros.paisDeResidParaEfecFisc" label={t('retentions.form.pais')} data={options(catalogs.data?.pais)} searchable />
            {text('complementos.pagosAExtranjeros.descripcionConcepto', t('retentions.form.descripcionConcepto'))}
            {text('complementos.pagosAExtranjeros.rfc', t('retentions.form.rfcBeneficiario'))}
            {text('complementos.pagosAExtranjeros.curp', t('retentions.form.curpBeneficiario'))}
            {text('complementos.pagosAExtranjeros.nomDenRazSocB', t('retentions.form.nombreBeneficiario'))}
          </SimpleGrid>
        )}
        {complemento === 'plataformasTecnologicas' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <FormSelect control={control} name="complementos.plataformasTecnologicas.periodicidad" label={t('retentions.form.periodicidad')} data={options(catalogs.data?.periodicidad)} />
            {text('complementos.plataformasTecnologicas.totalISRRetenido', t('retentions.form.totalISRRetenido'))}
            {text('complementos.plataformasTecnologicas.totalIVARetenido', t('retentions.form.totalIVARetenido'))}
            {text('complementos.plataformasTecnologicas.difIVAEntregadoPrestServ', t('retentions.form.difIVAEntregadoPrestServ'))}
          </SimpleGrid>
        )}
        {complemento === 'plataformasTecnologicas' && (
          <Stack gap="xs" data-testid="plataformas-servicios">
            <Text size="sm" fw={600}>{t('retentionsExtra.servicios')}</Text>
            {servicios.fields.map((f, i) => (
              <Group key={f.id} align="flex-end" gap="xs" wrap="nowrap" data-testid={`servicio-${i}`}>
                <TextInput label={t('retentions.form.fechaServ')} placeholder="AAAA-MM-DD" w={130} {...register(`complementos.plataformasTecnologicas.servicios.${i}.fechaServ`)}
                  error={err(`complementos.plataformasTecnologicas.servicios.${i}.fechaServ`)?.message} />
                <TextInput label={t('retentions.form.tipoDeServ')} w={90} {...register(`complementos.plataformasTecnologicas.servicios.${i}.tipoDeServ`)}
                  error={err(`complementos.plataformasTecnologicas.servicios.${i}.tipoDeServ`)?.message} />
                <TextInput label={t('retentionsExtra.formaPagoServ')} w={90} {...register(`complementos.plataformasTecnologicas.servicios.${i}.formaPagoServ`)}
                  error={err(`complementos.plataformasTecnologicas.servicios.${i}.formaPagoServ`)?.message} />
                <TextInput label={t('retentions.form.precioServSinIVA')} {...register(`complementos.plataformasTecnologicas.servicios.${i}.precioServSinIVA`)}
                  error={err(`complementos.plataformasTecnologicas.servicios.${i}.precioServSinIVA`)?.message} />
                <TextInput label={t('retentions.form.ivaServicio')} {...register(`complementos.plataformasTecnologicas.servicios.${i}.iva`)}
                  error={err(`complementos.plataformasTecnologicas.servicios.${i}.iva`)?.message} />
                <TextInput label={t('retentions.form.comision')} {...register(`complementos.plataformasTecnologicas.servicios.${i}.comision`)}
                  error={err(`complementos.plataformasTecnologicas.servicios.${i}.comision`)?.message} />
                <ActionIcon variant="subtle" color="red" aria-label={t('retentionsExtra.removeServicio', { n: i + 1 })} onClick={() => servicios.remove(i)}
                  disabled={servicios.fields.length === 1} mb={4}><IconTrash size={16} /></ActionIcon>
              </Group>
            ))}
            {err('complementos.plataformasTecnologicas.servicios')?.message && <Text size="xs" c="red">{err('complementos.plataformasTecnologicas.servicios')?.message}</Text>}
            <Button variant="light" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => servicios.append(emptyServicio())}>
              {t('retentionsExtra.addServicio')}
            </Button>
          </Stack>
        )}
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={issue.isPending}>{t('retentions.form.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
