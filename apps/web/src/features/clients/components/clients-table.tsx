import { Badge, Group, Table, Text } from '@mantine/core';
import { IconFileCertificate, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Client } from '@facturo/contract';
import { RowAction } from '../../../shared/ui/row-action';
import { ListTable } from '../../../shared/ui/list-table';

interface Props {
  clients: Client[];
  onEdit: (c: Client) => void;
  onDelete: (c: Client) => void;
  /** Opens "Completar datos CFDI 4.0" for a customer the API flags (`v4_missing`). */
  onCompleteV4: (c: Client) => void;
}

/** Customers as spec §3 shows them: "rfc - r_social", régimen with its description, e-mails, CP, estado, municipio. */
export function ClientsTable({ clients, onEdit, onDelete, onCompleteV4 }: Props) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={820} testId="clients-table" columns={[
      { label: t('clients.table.client') },
      { label: t('clients.table.regimen') },
      { label: t('clients.table.email') },
      { label: t('clients.table.cp') },
      { label: t('clients.table.state') },
      { label: t('clients.table.municipality') },
      { width: 120 },
    ]}>
      {clients.map((c) => (
        <Table.Tr key={c.id}>
          <Table.Td>
            <Text size="sm" fw={500}>{c.display}</Text>
            {c.v4_missing.length > 0 && (
              <Badge component="button" type="button" color="orange" variant="light" size="sm" mt={4} style={{ cursor: 'pointer' }}
                data-testid="client-v4-flag" onClick={() => onCompleteV4(c)} title={c.v4_missing.map((g) => g.message).join('\n')}>
                {t('clientsV4.flag')}
              </Badge>
            )}
          </Table.Td>
          <Table.Td><Text size="sm">{c.regimen} - {c.regimen_descripcion}</Text></Table.Td>
          <Table.Td><Text size="sm">{c.email.join(', ')}</Text></Table.Td>
          <Table.Td>{c.domicilio.cp ?? '—'}</Table.Td>
          <Table.Td>{c.state_name ?? c.pais ?? '—'}</Table.Td>
          <Table.Td>{c.municipality_name ?? '—'}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              {c.v4_missing.length > 0 && (
                <RowAction label={t('clientsV4.action')} color="orange" ariaLabel={t('clientsV4.actionOf', { name: c.display })}
                  icon={<IconFileCertificate size={16} />} onClick={() => onCompleteV4(c)} />
              )}
              <RowAction label={t('clients.actions.edit')} ariaLabel={t('clients.actions.editOf', { name: c.display })} icon={<IconPencil size={16} />} onClick={() => onEdit(c)} />
              <RowAction label={t('clients.actions.delete')} color="red" ariaLabel={t('clients.actions.deleteOf', { name: c.display })} icon={<IconTrash size={16} />} onClick={() => onDelete(c)} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
