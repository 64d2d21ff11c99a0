import { useCallback, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { fieldError } from '../../../shared/api/format-api-error';
import { usePagedList } from '../../../shared/ui/paged-list';
import { ListPager, PageSizeControl } from '../../../shared/ui/paged-list-card';
import { toastSuccess } from '../../../shared/ui/toasts';
import { fetchAuthedObjectUrl } from '../../../shared/api/authed-file';
import { csfFileUrl, csfQuery, profileKeys, uploadCsf } from '../api/profile-api';
import { ListTable } from '../../../shared/ui/list-table';
import { formatDateTime } from '../../../shared/format/dates';
import { ConstanciaButtons } from '../../sat-status/public';

const SCREEN = 'profile-csf';

/** Tab 1: the tax-status certificate (constancia / CIF): upload one, history of the uploaded ones. */
export function CifTab({ rfc }: { rfc: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList(SCREEN);
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const q = useQuery(csfQuery(rfc, list.page, list.perPage));
  const upload = useMutation({
    mutationFn: uploadCsf,
    onSuccess: (res) => {
      setError(null);
      toastSuccess(res.message);
      // The constancia also replaces the imported obligations and activities.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all(rfc) });
    },
    onError: (err) => setError(isApiError(err) ? (fieldError(err.body, 'file') ?? err.body.message ?? t('toast.error.text')) : t('toast.error.text')),
    onSettled: () => resetRef.current?.(),
  });
  const refreshAll = useCallback(() => void queryClient.invalidateQueries({ queryKey: profileKeys.all(rfc) }), [queryClient, rfc]);
  const open = async (id: number) => {
    const blobUrl = await fetchAuthedObjectUrl(csfFileUrl(id));
    window.open(blobUrl, '_blank', 'noopener');
    // The new tab reads the blob at once; free it a minute later.
    setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={5}>{t('profile.cif.title')}</Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('profile.cif.text')}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <FileButton onChange={(f) => f && upload.mutate(f)} accept="application/pdf" resetRef={resetRef}>
            {(props) => (
              <Button {...props} leftSection={<IconFileUpload size={16} />} loading={upload.isPending} data-testid="csf-upload">
                {t('profile.cif.upload')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
      <ConstanciaButtons onDone={refreshAll} />
      {error && (
        <Alert color="red" data-testid="csf-error">
          {error}
        </Alert>
      )}
      {q.data && q.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('profile.cif.empty')}
        </Text>
      ) : (
        <ListTable minWidth={640} columns={[
          { label: t('profile.cif.rfc') },
          { label: t('profile.cif.nombre') },
          { label: t('profile.cif.regimenes') },
          { label: t('profile.cif.createdAt') },
          { label: t('profile.cif.file') },
        ]}>
          {q.data?.data.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.rfc}</Table.Td>
              <Table.Td>{c.nombre}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {c.regimenes.map((r) => (
                    <Badge key={r} variant="light" size="sm">
                      {r}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(c.created_at)}</Table.Td>
              <Table.Td>
                <Anchor component="button" size="sm" onClick={() => void open(c.id)}>
                  {t('profile.cif.open')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <ListPager list={list} total={q.data?.total ?? 0} left={<PageSizeControl list={list} />} />
    </Stack>
  );
}
