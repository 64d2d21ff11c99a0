import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementKind } from '@facturo/contract';
import { formatDate } from '../../../shared/format/dates';
import { useSession } from '../../../shared/session/session-store';
import { confirmExternalLink, useConfirmedMutation } from '../../../shared/ui/confirm';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePagedList } from '../../../shared/ui/paged-list';
import { PagedListCard } from '../../../shared/ui/paged-list-card';
import {
  announcementKeys, announcementsQuery, deleteAnnouncement, markAllAnnouncementsRead, markAnnouncementRead,
} from '../api/announcements-api';
import { AnnouncementFormDrawer } from '../components/announcement-form-drawer';

type KindFilter = 'all' | AnnouncementKind;

/** /app/announcement: product news and SAT changes, newest first; unread ones marked until the user reads them. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const user = useSession().user;
  const rfc = user?.username ?? '';
  const isAdmin = user?.role === 'admin';
  const list = usePagedList('announcements');
  const [kind, setKind] = useState<KindFilter>('all');
  const [panel, setPanel] = useState<{ open: boolean; announcement?: Announcement }>({ open: false });
  const queryClient = useQueryClient();
  const rows = useQuery(announcementsQuery(rfc, {
    page: list.page, perPage: list.perPage, search: list.query, ...(kind === 'all' ? {} : { kind }),
  }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: announcementKeys.all(rfc) });
  const read = useMutation({ mutationFn: markAnnouncementRead, onSuccess: refresh });
  const readAll = useMutation({ mutationFn: markAllAnnouncementsRead, onSuccess: refresh });
  const remove = useConfirmedMutation({
    mutationFn: (a: Announcement) => deleteAnnouncement(a.id),
    invalidate: announcementKeys.all(rfc),
    done: () => t('announcements.deleted'),
    ask: (a) => ({
      title: t('announcements.confirmDelete.title'), text: t('announcements.confirmDelete.text', { title: a.title }),
      confirm: t('announcements.confirmDelete.confirm'), cancel: t('announcements.confirmDelete.cancel'), color: 'red',
    }),
  });

  const total = rows.data?.total ?? 0;
  const anyUnread = rows.data?.data.some((a) => !a.read) ?? false;
  return (
    <Stack gap="md">
      <PageHeader title={t('announcements.title')} action={(
        <Group gap="sm">
          <Button variant="default" leftSection={<IconChecks size={16} />} disabled={!anyUnread} loading={readAll.isPending}
            onClick={() => readAll.mutate()}>{t('announcements.readAll')}</Button>
          {isAdmin && <Button leftSection={<IconPlus size={16} />} onClick={() => setPanel({ open: true })}>{t('announcements.new')}</Button>}
        </Group>
      )} />
      <PagedListCard list={list} searchPlaceholder={t('announcements.search')} loading={rows.isPending} total={total}
        emptyText={list.query ? t('announcements.emptySearch') : t('announcements.empty')} totalText={t('announcements.total', { count: total })}
        filters={(
          <SegmentedControl value={kind} onChange={(v) => { setKind(v as KindFilter); list.setPage(1); }} aria-label={t('announcements.kind')}
            data={[
              { value: 'all', label: t('announcements.kinds.all') },
              { value: 'producto', label: t('announcements.kinds.producto') },
              { value: 'sat', label: t('announcements.kinds.sat') },
            ]} />
        )}>
        <Stack gap="sm">
          {(rows.data?.data ?? []).map((a) => (
            <Card key={a.id} withBorder radius="md" padding="md" data-testid="announcement"
              style={a.read ? undefined : { borderLeft: '4px solid var(--mantine-color-blue-6)' }}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Badge variant="light" color={a.kind === 'sat' ? 'teal' : 'blue'}>{t(`announcements.kinds.${a.kind}`)}</Badge>
                    {!a.read && <Badge color="red" variant="filled">{t('announcements.unreadBadge')}</Badge>}
                    {/* The installation's first news carry the epoch as their date: no date to show. */}
                    {a.published_at > '1971' && <Text size="sm" c="dimmed">{formatDate(a.published_at, 'long')}</Text>}
                  </Group>
                  {isAdmin && (
                    <Group gap={4}>
                      <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} />}
                        onClick={() => setPanel({ open: true, announcement: a })}>{t('announcements.edit')}</Button>
                      <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} />}
                        onClick={() => remove(a)}>{t('announcements.delete')}</Button>
                    </Group>
                  )}
                </Group>
                <Title order={4}>{a.title}</Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{a.body}</Text>
                <Group justify="space-between" gap="xs">
                  {a.link ? (a.link.startsWith('/')
                    ? <Anchor component={Link} to={a.link}>{t('announcements.goTo')}</Anchor>
                    : <Anchor href={a.link} onClick={(e) => { e.preventDefault(); confirmExternalLink(a.link!); }}>{t('announcements.readMore')}</Anchor>)
                    : <span />}
                  {!a.read && (
                    <Button size="compact-sm" variant="light" loading={read.isPending && read.variables === a.id}
                      onClick={() => read.mutate(a.id)}>{t('announcements.markRead')}</Button>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      </PagedListCard>
      {isAdmin && <AnnouncementFormDrawer rfc={rfc} opened={panel.open} announcement={panel.announcement} onClose={() => setPanel({ open: false })} />}
    </Stack>
  );
}
