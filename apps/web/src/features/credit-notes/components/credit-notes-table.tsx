import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceRow } from '@facturo/contract';
import { formatDay } from '../../../shared/format/dates';
import { ListTable } from '../../../shared/ui/list-table';

const ESTADO_COLOR: Record<InvoiceRow['estado'], string> = { vigente: 'teal', en_proceso: 'yellow', cancelada: 'red', rechazada: 'orange' };
export const noteName = (r: InvoiceRow) => [r.serie, r.folio].filter(Boolean).join('-') || r.uuid.slice(0, 8);

/** The month's credit notes: who, when, amount, state, and the PDF and XML of each. */
export function CreditNotesTable({ rows, partyLabel, onPdf, onXml }: {
  rows: InvoiceRow[]; partyLabel: string; onPdf: (r: InvoiceRow) => void; onXml: (r: InvoiceRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={820} testId="credit-notes-table" columns={[
      { label: t('creditNotes.cols.folio') }, { label: partyLabel }, { label: t('creditNotes.cols.fEmi') },
      { label: t('creditNotes.cols.total'), align: 'right' }, { label: t('creditNotes.cols.estado') }, { width: 80 },
    ]}>
      {rows.map((r) => {
        const name = noteName(r);
        return (
          <Table.Tr key={r.uuid} data-testid={`note-${r.uuid}`}>
            <Table.Td>
              <Text size="sm" fw={600}>{name}</Text>
              <Text size="xs" c="dimmed" ff="monospace">{r.uuid}</Text>
            </Table.Td>
            <Table.Td><Text size="sm">{r.rfc} - {r.client}</Text></Table.Td>
            <Table.Td>{formatDay(r.f_emi.slice(0, 10))}</Table.Td>
            <Table.Td ta="right"><Text size="sm">{formatMoney(r.total)} {r.moneda}</Text></Table.Td>
            <Table.Td><Badge color={ESTADO_COLOR[r.estado]} variant="light">{t(`incomes.estado.${r.estado}`)}</Badge></Table.Td>
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                <Tooltip label={t('creditNotes.pdf')}>
                  <ActionIcon variant="subtle" aria-label={t('creditNotes.pdfOf', { name })} onClick={() => onPdf(r)}><IconFileTypePdf size={18} /></ActionIcon>
                </Tooltip>
                <Tooltip label={t('creditNotes.xml')}>
                  <ActionIcon variant="subtle" aria-label={t('creditNotes.xmlOf', { name })} onClick={() => onXml(r)}><IconDownload size={18} /></ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
