import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { formatMoney } from '@facturo/cfdi/money';
import { formatDateTime } from '../../../shared/format/dates';
import { code128cBars } from '../model/code128';

/** `voucher` of `GET /api/payments/setup-intent/{paquete}`. */
export interface Voucher { paymentIntentId: string; paquete: string; amount: string; number: string; url: string; expiresAt: string }

/** "9300 0262 2814 02": the reference as a cashier reads it aloud. */
const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The reference's Code 128 barcode (the OXXO cashier scans it); digits only, padded to an even count. */
function Barcode({ value }: { value: string }) {
  const digits = value.length % 2 ? `0${value}` : value;
  const { bars, width } = code128cBars(digits);
  const quiet = 10;
  return (
    <svg viewBox={`0 0 ${width + 2 * quiet} 60`} width="100%" height={72} preserveAspectRatio="none" role="img" aria-label={`Código de barras ${value}`} data-testid="oxxo-barcode" style={{ background: '#fff' }}>
      {bars.map(([x, w]) => <rect key={x} x={x + quiet} y={0} width={w} height={60} fill="#000" />)}
    </svg>
  );
}

/**
 * The OXXO cash voucher (issue 25 §4, spec §7.14): reference with its barcode, amount, expiry, the provider's
 * printable voucher. The stamps are credited when the store payment reaches the provider (its webhook), not now.
 */
export function OxxoVoucher({ voucher }: { voucher: Voucher }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="oxxo-voucher" data-payment-intent={voucher.paymentIntentId} className="oxxo-voucher">
      <Stack gap="xs">
        <Title order={4}>Ficha de pago en OXXO · {voucher.paquete} timbres</Title>
        <Group justify="space-between" align="end">
          <div>
            <Text size="xs" c="dimmed">Referencia</Text>
            <Text fz={22} fw={800} ff="monospace" data-testid="oxxo-reference">{grouped(voucher.number)}</Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="xs" c="dimmed">Importe a pagar</Text>
            <Text fz={22} fw={800} data-testid="oxxo-amount">{formatMoney(voucher.amount)} MXN</Text>
          </div>
        </Group>
        <Barcode value={voucher.number} />
        <Text size="sm" data-testid="oxxo-expires">Paga antes del {formatDateTime(voucher.expiresAt)}. Después la ficha vence y no se cobra nada.</Text>
        <Text size="xs" c="dimmed">Entrégala en caja de cualquier OXXO y paga en efectivo. Tus timbres se acreditan cuando OXXO confirma el pago (puede tardar hasta un día hábil); el recibo aparecerá en Pagos.</Text>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>Imprimir ficha</Button>
          <Anchor href={voucher.url} target="_blank" rel="noopener noreferrer" size="sm" data-testid="oxxo-hosted">
            <Group gap={4}><IconExternalLink size={14} />Ver la ficha del proveedor de pagos</Group>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
