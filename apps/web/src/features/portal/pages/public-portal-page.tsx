import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Anchor, Box, Button, Center, Code, FileButton, Group, Image, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getCatalog, personaFromRfc, usosCfdiFor } from '@facturo/cfdi/catalogs/browser';
import { formatMoney } from '@facturo/cfdi/money';
import type { PortalFacturado } from '@facturo/contract';
import { facturarTicket, findTicket, portalInfo, portalLogoUrl, readConstancia, receptorPrefill } from '../api/portal-api';
import { errorText } from '../components/error-text';
import '../texts';

const RFC_SHAPE = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;

interface Fiscal { rfc: string; nombre: string; cp: string; regimen: string; usoCfdi: string; email: string }
const EMPTY: Fiscal = { rfc: '', nombre: '', cp: '', regimen: '', usoCfdi: '', email: '' };

/**
 * /f/{slug}: the business's self-invoicing page (issue 29 §6), outside the signed-in shell and without a login.
 * Step 1 proves the ticket (folio + total); only then may step 2 ask for an RFC's saved data (that exact RFC).
 */
export function PublicPortalPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const info = useQuery({ queryKey: ['portal-public', slug], queryFn: () => portalInfo(slug), retry: false });
  const [folio, setFolio] = useState('');
  const [total, setTotal] = useState('');
  const [ticket, setTicket] = useState<Awaited<ReturnType<typeof findTicket>> | null>(null);
  const [fiscal, setFiscal] = useState<Fiscal>(EMPTY);
  const [result, setResult] = useState<PortalFacturado | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [csfNote, setCsfNote] = useState<string | null>(null);
  const set = (patch: Partial<Fiscal>) => setFiscal((f) => ({ ...f, ...patch }));
  const cleanTotal = total.replace(/[$,\s]/g, '');

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const lookTicket = () => run(async () => setTicket(await findTicket(slug, folio.trim(), cleanTotal)), t('portal.public.notFound'));
  const lookRfc = async (rfc: string) => {
    if (!ticket || !RFC_SHAPE.test(rfc)) return;
    const saved = await receptorPrefill(slug, ticket.folio, cleanTotal, rfc).catch(() => null);
    if (saved?.nombre) set({ nombre: saved.nombre, cp: saved.cp ?? '', regimen: saved.regimen ?? '', usoCfdi: saved.usoCfdi ?? '' });
  };
  // The constancia fills what it knows; the customer may still edit every field (and picks the uso).
  const fromConstancia = (file: File) => run(async () => {
    setCsfNote(null);
    const csf = await readConstancia(slug, ticket!.folio, cleanTotal, file);
    setFiscal((f) => ({
      ...f, rfc: csf.rfc, nombre: csf.nombre, cp: csf.cp ?? f.cp, regimen: csf.regimen ?? f.regimen,
      usoCfdi: csf.regimen && csf.regimen !== f.regimen ? '' : f.usoCfdi,
    }));
    setCsfNote(t('portal.public.csfRead'));
  }, t('portal.public.csfFailed'));
  const invoice = () => run(async () => {
    setResult(await facturarTicket(slug, { folio: ticket!.folio, total: cleanTotal, ...fiscal }));
  }, t('portal.public.failed'));

  const persona = (RFC_SHAPE.test(fiscal.rfc) ? personaFromRfc(fiscal.rfc) : null) ?? 'fisica';
  const regimenes = getCatalog('c_RegimenFiscal').filter((r) => r[persona]);
  const usos = fiscal.regimen ? usosCfdiFor(fiscal.regimen, persona) : [];
  const usoText = (clave: string) => getCatalog('c_UsoCFDI').find((u) => u.clave === clave)?.descripcion ?? clave;

  if (info.isError) {
    return <Shell title={t('portal.public.unknownTitle')}><Text c="dimmed" data-testid="portal-unknown">{t('portal.public.unknown')}</Text></Shell>;
  }
  return (
    <Shell title={info.data?.nombre ?? ''} logo={info.data?.logo ? portalLogoUrl(slug) : undefined}>
      {result ? (
        <Stack gap="sm" data-testid="portal-result">
          <Alert color="teal" variant="light" title={t('portal.public.done')}>{result.correo}</Alert>
          <Text size="sm">{t('portal.public.uuid')}</Text>
          <Code fz="md" data-testid="portal-uuid">{result.uuid}</Code>
          <Text size="sm">{t('portal.public.total')}: {formatMoney(result.total)}</Text>
          <Group>
            <Anchor href={result.xmlUrl} download>{t('portal.public.xml')}</Anchor>
            <Anchor href={result.pdfUrl} download>{t('portal.public.pdf')}</Anchor>
          </Group>
          <Text size="xs" c="dimmed">{t('portal.public.linksHint')}</Text>
        </Stack>
      ) : !ticket ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('portal.public.intro')}</Text>
          <TextInput label={t('portal.public.folio')} value={folio} onChange={(e) => setFolio(e.currentTarget.value)} data-testid="portal-folio" />
          <TextInput label={t('portal.public.total')} value={total} onChange={(e) => setTotal(e.currentTarget.value)} inputMode="decimal" data-testid="portal-total" />
          {error && <Alert color="red" variant="light" data-testid="portal-error">{error}</Alert>}
          <Button onClick={lookTicket} loading={busy} disabled={!folio.trim() || !cleanTotal} data-testid="portal-find">{t('portal.public.find')}</Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Alert color="blue" variant="light" data-testid="portal-ticket">
            {t('portal.public.ticket', { folio: ticket.folio, fecha: ticket.fecha, total: formatMoney(ticket.total) })}
          </Alert>
          <Stack gap={4}>
            <FileButton accept="application/pdf" onChange={(file) => file && void fromConstancia(file)} inputProps={{ 'data-testid': 'portal-csf' } as React.ComponentPropsWithoutRef<'input'>}>
              {(props) => <Button {...props} variant="light" loading={busy}>{t('portal.public.csf')}</Button>}
            </FileButton>
            <Text size="xs" c="dimmed">{csfNote ?? t('portal.public.csfHint')}</Text>
          </Stack>
          <TextInput label={t('portal.public.rfc')} value={fiscal.rfc} data-testid="portal-rfc"
            onChange={(e) => set({ rfc: e.currentTarget.value.toUpperCase().trim() })} onBlur={(e) => void lookRfc(e.currentTarget.value.toUpperCase().trim())} />
          <TextInput label={t('portal.public.name')} description={t('portal.public.nameHint')} value={fiscal.nombre} onChange={(e) => set({ nombre: e.currentTarget.value })} data-testid="portal-nombre" />
          <TextInput label={t('portal.public.cp')} value={fiscal.cp} maxLength={5} inputMode="numeric" onChange={(e) => set({ cp: e.currentTarget.value })} data-testid="portal-cp" />
          <NativeSelect label={t('portal.public.regimen')} value={fiscal.regimen} data-testid="portal-regimen"
            onChange={(e) => set({ regimen: e.currentTarget.value, usoCfdi: '' })}
            data={[{ value: '', label: t('portal.public.choose') }, ...regimenes.map((r) => ({ value: r.clave, label: `${r.clave} ${r.descripcion}` }))]} />
          <NativeSelect label={t('portal.public.uso')} value={fiscal.usoCfdi} data-testid="portal-uso" disabled={!fiscal.regimen}
            onChange={(e) => set({ usoCfdi: e.currentTarget.value })}
            data={[{ value: '', label: t('portal.public.choose') }, ...usos.map((u) => ({ value: u, label: `${u} ${usoText(u)}` }))]} />
          <TextInput label={t('portal.public.email')} type="email" value={fiscal.email} onChange={(e) => set({ email: e.currentTarget.value })} data-testid="portal-email" />
          {error && <Alert color="red" variant="light" data-testid="portal-error">{error}</Alert>}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => { setTicket(null); setError(null); }}>{t('portal.public.back')}</Button>
            <Button onClick={invoice} loading={busy} data-testid="portal-facturar"
              disabled={!fiscal.rfc || !fiscal.nombre.trim() || !fiscal.cp || !fiscal.regimen || !fiscal.usoCfdi || !fiscal.email}>{t('portal.public.invoice')}</Button>
          </Group>
        </Stack>
      )}
    </Shell>
  );
}

function Shell({ title, logo, children }: { title: string; logo?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" radius="lg" p="lg" w="100%" maw={520}>
          <Stack gap="md">
            <Group gap="sm">
              {logo && <Image src={logo} alt="" h={48} w="auto" fit="contain" />}
              <div>
                <Title order={2} fz={22}>{title}</Title>
                <Text size="sm" c="dimmed">{t('portal.public.subtitle')}</Text>
              </div>
            </Group>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
