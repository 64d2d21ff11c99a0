import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceRow } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { usePeriod } from '../../../shared/period/period-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import { confirmExternalLink } from '../../../shared/ui/confirm';
import { toastError } from '../../../shared/ui/toasts';
import { saveBlob } from '../../invoicing/public';
import { creditNotesListQuery, creditNoteStatsQuery, fetchNoteFile, type NoteSide } from '../api/credit-notes-api';
import { CreditNoteCards, type CardNumber } from '../components/credit-note-cards';
import { CreditNotesTable, noteName } from '../components/credit-notes-table';

/** /credit-notes/emitted (side 1) and /credit-notes/received (side 2): the month's notes, six cards that filter the list. */
export function CreditNotesPage({ side }: { side: NoteSide }) {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const list = usePagedList(side === 1 ? 'credit-notes-emitted' : 'credit-notes-received');
  const [card, setCard] = useState<CardNumber>(1);
  const stats = useQuery(creditNoteStatsQuery(rfc, period));
  const rows = useQuery(creditNotesListQuery(rfc, period, side, { page: list.page, perPage: list.perPage, status: card, searchQuery: list.query }));
  const total = rows.data?.total ?? 0;

  const pdf = (r: InvoiceRow) => fetchNoteFile(side, r.uuid, 'pdf').then((b) => confirmExternalLink(URL.createObjectURL(b)), () => toastError());
  const xml = (r: InvoiceRow) => fetchNoteFile(side, r.uuid, 'xml').then((b) => saveBlob(b, `${noteName(r)}.xml`), () => toastError());

  return (
    <Stack gap="md">
      <PageHeader title={t(side === 1 ? 'creditNotes.emittedTitle' : 'creditNotes.receivedTitle')}
        action={side === 1 ? <Button component={Link} to="/incomes" leftSection={<IconPlus size={16} />} variant="light">{t('creditNotes.howToIssue')}</Button> : undefined} />
      {side === 1 && <Text size="sm" c="dimmed">{t('creditNotes.issueHint')}</Text>}
      <CreditNoteCards stats={stats.data} side={side} active={card} onPick={(n) => { setCard(n); list.setPage(1); }} />
      <PagedListCard list={list} searchPlaceholder={t('creditNotes.search')} loading={rows.isPending} total={total}
        emptyText={list.query ? t('creditNotes.emptySearch') : t('creditNotes.empty')} totalText={t('creditNotes.total', { count: total })}>
        <CreditNotesTable rows={rows.data?.data ?? []} partyLabel={t(side === 1 ? 'creditNotes.cols.customer' : 'creditNotes.cols.supplier')}
          onPdf={pdf} onXml={xml} />
      </PagedListCard>
    </Stack>
  );
}
