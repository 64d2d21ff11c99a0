import { useState } from 'react';
import { Alert, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { computeTotals, formatMoney, TaxRuleError } from '@facturo/cfdi/money';
import type { PortalTicketCreate } from '@facturo/contract';
import { errorText } from './error-text';
import '../texts';

type Iva = '0.160000' | '0.080000' | '0.000000' | 'exento' | 'no';
interface Line { descripcion: string; claveProdServ: string; claveUnidad: string; cantidad: string; valorUnitario: string; iva: Iva }

const emptyLine = (): Line => ({ descripcion: '', claveProdServ: '01010101', claveUnidad: 'H87', cantidad: '1', valorUnitario: '', iva: '0.160000' });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

/** A line as the contract's concept (IVA 16 / 8 / 0 %, exento, or no tax object). */
function toConcept(l: Line): PortalTicketCreate['conceptos'][number] {
  const base = { descripcion: l.descripcion, claveProdServ: l.claveProdServ, claveUnidad: l.claveUnidad, cantidad: l.cantidad, valorUnitario: l.valorUnitario };
  if (l.iva === 'no') return { ...base, objetoImp: '01' };
  if (l.iva === 'exento') return { ...base, objetoImp: '02', traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] };
  return { ...base, objetoImp: '02', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: l.iva }] };
}

/** The total the server will demand, with the engine's own rounding (null while a line is incomplete). */
function totalOf(lines: Line[]): string | null {
  try {
    if (lines.some((l) => !/^\d+(\.\d+)?$/.test(l.cantidad) || !/^\d+(\.\d+)?$/.test(l.valorUnitario))) return null;
    return computeTotals(lines.map(toConcept), 'MXN').total;
  } catch (err) {
    if (err instanceof TaxRuleError) return null;
    throw err;
  }
}

/** "Nuevo ticket": folio, fecha, forma de pago and concept lines; the total is computed, never typed. */
export function TicketForm({ onCreate }: { onCreate: (body: PortalTicketCreate) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [folio, setFolio] = useState('');
  const [fecha, setFecha] = useState(today());
  const [formaPago, setFormaPago] = useState('01');
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const total = totalOf(lines);
  const set = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = async () => {
    if (!total) return;
    setBusy(true);
    setError(null);
    try {
      await onCreate({ folio, fecha, formaPago, total, conceptos: lines.map(toConcept) });
      setFolio('');
      setLines([emptyLine()]);
    } catch (err) {
      setError(errorText(err, t('portal.ticketFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>{t('portal.newTicket')}</Title>
        <Group grow align="flex-end">
          <TextInput label={t('portal.folio')} value={folio} onChange={(e) => setFolio(e.currentTarget.value)} data-testid="ticket-folio" />
          <TextInput label={t('portal.date')} type="date" value={fecha} onChange={(e) => setFecha(e.currentTarget.value)} />
          <NativeSelect label={t('portal.paymentForm')} value={formaPago} onChange={(e) => setFormaPago(e.currentTarget.value)}
            data={['01', '03', '04', '28'].map((v) => ({ value: v, label: t(`portal.forms.${v}`) }))} />
        </Group>
        {lines.map((l, i) => (
          <Group key={i} grow align="flex-end" wrap="nowrap">
            <TextInput label={t('portal.description')} value={l.descripcion} onChange={(e) => set(i, { descripcion: e.currentTarget.value })} data-testid={`ticket-desc-${i}`} />
            <TextInput label={t('portal.prodServ')} value={l.claveProdServ} onChange={(e) => set(i, { claveProdServ: e.currentTarget.value })} maw={120} />
            <TextInput label={t('portal.unit')} value={l.claveUnidad} onChange={(e) => set(i, { claveUnidad: e.currentTarget.value })} maw={80} />
            <TextInput label={t('portal.quantity')} value={l.cantidad} onChange={(e) => set(i, { cantidad: e.currentTarget.value })} maw={90} />
            <TextInput label={t('portal.unitPrice')} value={l.valorUnitario} onChange={(e) => set(i, { valorUnitario: e.currentTarget.value })} maw={120} data-testid={`ticket-price-${i}`} />
            <NativeSelect label={t('portal.iva')} value={l.iva} onChange={(e) => set(i, { iva: e.currentTarget.value as Iva })} maw={130}
              data={(['0.160000', '0.080000', '0.000000', 'exento', 'no'] as const).map((v) => ({ value: v, label: t(`portal.ivas.${v}`) }))} />
            <Button variant="subtle" color="red" maw={40} disabled={lines.length === 1} aria-label={t('portal.removeLine')}
              onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}><IconTrash size={16} /></Button>
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setLines((ls) => [...ls, emptyLine()])}>{t('portal.addLine')}</Button>
          <Text fw={600} data-testid="ticket-total">{t('portal.total')}: {total ? formatMoney(total) : '—'}</Text>
        </Group>
        {error && <Alert color="red" variant="light">{error}</Alert>}
        <Group justify="flex-end">
          <Button onClick={submit} loading={busy} disabled={!total || !folio.trim() || lines.some((l) => !l.descripcion.trim())} data-testid="ticket-save">{t('portal.saveTicket')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
