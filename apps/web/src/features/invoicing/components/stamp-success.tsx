import { useState } from 'react';
import { Alert, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileTypePdf, IconMail, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@facturo/cfdi/money';
import type { InvoiceStamped } from '@facturo/contract';
import { downloadXml, viewPdf } from './document-buttons';
import { SendEmailModal } from './send-email-modal';
import { RepeatInvoiceButton } from '../../recurring/public';

/** After stamping: folio fiscal, what the server fixed, the documents and "Enviar". */
export function StampSuccess({ rfc, stamped, onNew }: { rfc: string; stamped: InvoiceStamped; onNew: () => void }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<string | null>(null);
  const name = [stamped.serie, stamped.folio].filter(Boolean).join('-') || stamped.uuid;
  return (
    <Card withBorder radius="md" data-testid="stamp-success">
      <Stack gap="sm">
        <Group gap="sm">
          <ThemeIcon color="teal" radius="xl" size="lg"><IconCircleCheck size={22} /></ThemeIcon>
          <Title order={3}>{t('invoicing.success.title')}</Title>
        </Group>
        <Text>{t('invoicing.success.folio', { folio: name })}</Text>
        <Text size="sm">{t('invoicing.success.uuid')}: <Text span ff="monospace" data-testid="stamped-uuid">{stamped.uuid}</Text></Text>
        <Text size="sm">{t('invoicing.success.total')}: <b>{formatMoney(stamped.total)}</b></Text>
        {stamped.fixes.length > 0 && (
          <Alert color="yellow" title={t('invoicing.success.fixesTitle')}>
            <List size="sm">
              {stamped.fixes.map((f) => (
                <List.Item key={`${f.field}-${f.code}`}>{f.code}: {f.message}{f.from && f.to ? ` (${f.from} → ${f.to})` : ''}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group>
          <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => void downloadXml(stamped.uuid, name)}>{t('invoicing.success.xml')}</Button>
          <Button leftSection={<IconFileTypePdf size={16} />} variant="light" onClick={() => void viewPdf(stamped.uuid)}>{t('invoicing.success.pdf')}</Button>
          <Button leftSection={<IconMail size={16} />} onClick={() => setSending(stamped.uuid)}>{t('invoicing.success.send')}</Button>
          <RepeatInvoiceButton uuid={stamped.uuid} />
          <Button leftSection={<IconPlus size={16} />} variant="default" onClick={onNew}>{t('invoicing.success.new')}</Button>
        </Group>
      </Stack>
      <SendEmailModal rfc={rfc} uuid={sending} onClose={() => setSending(null)} />
    </Card>
  );
}
