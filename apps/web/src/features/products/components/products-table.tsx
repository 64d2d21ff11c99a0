import { Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { countDecimals, formatMoney } from '@facturo/cfdi/money';
import type { UserProduct } from '@facturo/contract';
import { RowAction } from '../../../shared/ui/row-action';
import { ListTable } from '../../../shared/ui/list-table';

interface Props {
  products: UserProduct[];
  onEdit: (p: UserProduct) => void;
  onDelete: (p: UserProduct) => void;
}

const TAX_NAME: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

/** "IVA 16 %", "ISR ret. 10 %", "IVA exento": the taxes in words. */
function taxSummary(p: UserProduct): string {
  const pct = (tasa: string | null) => (tasa ? `${formatPercent(tasa)} %` : '');
  const tr = p.impuestos.traslados.map((x) => (x.tipoFactor === 'Exento' ? `${TAX_NAME[x.impuesto]} exento` : `${TAX_NAME[x.impuesto]} ${pct(x.tasaOCuota)}`));
  const re = p.impuestos.retenciones.map((x) => `Ret. ${TAX_NAME[x.impuesto]} ${pct(x.tasaOCuota)}`);
  return [...tr, ...re].join(', ') || '—';
}

/** 0.160000 → "16", 0.106667 → "10.6667" (decimal shift on the text: no float). */
function formatPercent(tasa: string): string {
  const [int = '0', dec = ''] = tasa.split('.');
  const digits = (int + dec.padEnd(6, '0')).replace(/^0+(?=\d)/, '');
  const whole = digits.slice(0, -4) || '0';
  const frac = digits.slice(-4).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** The user's products: SAT clave, description, unit, unit value, objeto de impuesto and taxes. */
export function ProductsTable({ products, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={820} testId="products-table" columns={[
      { label: t('products.table.clave') },
      { label: t('products.table.description') },
      { label: t('products.table.unit') },
      { label: t('products.table.value'), align: 'right' },
      { label: t('products.table.objetoImp') },
      { label: t('products.table.taxes') },
      { width: 90 },
    ]}>
      {products.map((p) => (
        <Table.Tr key={p.id}>
          <Table.Td><Text size="sm" fw={500}>{p.claveProducto}</Text><Text size="xs" c="dimmed" lineClamp={1}>{p.claveProductoDescripcion}</Text></Table.Td>
          <Table.Td><Text size="sm" lineClamp={2}>{p.descripcionProducto}</Text></Table.Td>
          <Table.Td><Text size="sm">{p.claveUnidad}{p.descripcionUnidad ? ` - ${p.descripcionUnidad}` : ''}</Text></Table.Td>
          <Table.Td ta="right">{formatMoney(p.valorUnitario, Math.max(2, countDecimals(p.valorUnitario)))}</Table.Td>
          <Table.Td>{p.objetoImp}</Table.Td>
          <Table.Td><Text size="sm">{taxSummary(p)}</Text></Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <RowAction label={t('products.actions.edit')} ariaLabel={t('products.actions.editOf', { name: p.descripcionProducto })} icon={<IconPencil size={16} />} onClick={() => onEdit(p)} />
              <RowAction label={t('products.actions.delete')} color="red" ariaLabel={t('products.actions.deleteOf', { name: p.descripcionProducto })} icon={<IconTrash size={16} />} onClick={() => onDelete(p)} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
