import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { LiveTotals } from '../model/invoice-form';

const TAX_NAMES: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

/** "16 %" from "0.160000"; a cuota is shown as an amount per unit. */
function rateText(tipoFactor: string, tasa?: string): string {
  if (tipoFactor === 'Exento' || !tasa) return 'exento';
  if (tipoFactor === 'Cuota') return `cuota ${tasa}`;
  return `${Number((Number(tasa) * 100).toFixed(4))} %`;
}

/** The totals the server will seal, recomputed on every keystroke with the engine's money code. */
export function TotalsPanel({ live, moneda }: { live: LiveTotals; moneda: string }) {
  const { t } = useTranslation();
  const m = (v: string) => `${formatMoney(v, live.decimals)}`;
  const { totals } = live;
  const row = (label: string, value: string, testId?: string, strong = false) => (
    <Group justify="space-between" key={label} wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>{label}</Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>{value}</Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" data-testid="invoice-totals">
      <Title order={4} mb="sm">{t('invoicing.totals.title')}</Title>
      <Stack gap={4}>
        {row(t('invoicing.totals.subtotal'), m(totals.subTotal), 'total-subtotal')}
        {totals.descuento && row(t('invoicing.totals.descuento'), `− ${m(totals.descuento)}`, 'total-descuento')}
        {totals.traslados.map((tr) => row(`${TAX_NAMES[tr.impuesto] ?? tr.impuesto} ${rateText(tr.tipoFactor, tr.tasaOCuota)}${t('invoicing.totals.base', { base: m(tr.base) })}`, tr.importe ? m(tr.importe) : '—', `total-traslado-${tr.impuesto}-${tr.tasaOCuota ?? 'exento'}`))}
        {totals.retenciones.map((r) => row(t('invoicing.totals.retencion', { impuesto: TAX_NAMES[r.impuesto] ?? r.impuesto }), `− ${m(r.importe)}`, `total-retencion-${r.impuesto}`))}
        <Divider my={4} />
        {row(`${t('invoicing.totals.total')} (${moneda})`, m(totals.total), 'total-total', true)}
      </Stack>
    </Card>
  );
}
