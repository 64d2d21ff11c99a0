import { Badge, Drawer, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { relatedQuery } from '../api/incomes-api';
import { rowName } from './incomes-table';

/** Related documents of an invoice (payment complements, credit notes, substitutions): GET /api/incomes/related/{uuid}. */
export function RelatedDrawer({ rfc, row, onClose, query = relatedQuery }: {
  rfc: string; row: InvoiceRow | null; onClose: () => void;
  /** The related-documents query of the side (default incomes; outcomes passes GET /api/outcomes/related). */
  query?: typeof relatedQuery;
}) {
  const { t } = useTranslation();
  const related = useQuery({ ...query(rfc, row?.uuid ?? '', row?.tipoDeComprobante !== 'P'), enabled: Boolean(row) });
  return (
    <Drawer opened={Boolean(row)} onClose={onClose} position="right" size="lg" title={row ? t('incomes.related.title', { name: rowName(row) }) : ''}>
      <Stack gap="sm">
        {related.isPending ? <Text size="sm">{t('app.loading')}</Text> : (related.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">{t('incomes.related.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Tbody>
                {(related.data ?? []).map((r) => (
                  <Table.Tr key={r.uuid}>
                    <Table.Td><Text size="sm" fw={600}>{rowName(r)}</Text><Text size="xs" ff="monospace">{r.uuid}</Text></Table.Td>
                    <Table.Td><Badge variant="light">{r.relacion === 'pago' ? t('incomes.related.pago') : t('incomes.related.relacion', { tipo: r.relacion })}</Badge></Table.Td>
                    <Table.Td>{formatDay(r.f_emi.slice(0, 10))}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.imp_pagado ?? r.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Drawer>
  );
}
