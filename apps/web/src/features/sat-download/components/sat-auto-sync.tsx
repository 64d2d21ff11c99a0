import { useEffect, useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SAT_AUTO_SYNC_DIAS_MAX } from '@facturo/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatApiErrorLines } from '../../../shared/api/format-api-error';
import { formatDateTime } from '../../../shared/format/dates';
import { useSession } from '../../../shared/session/session-store';
import { toastSuccess } from '../../../shared/ui/toasts';
import { satAutoSyncQuery, saveSatAutoSync } from '../api/sat-download-api';

/**
 * The daily automatic download (issue 15 §1): a switch and how many past days it covers, saved with
 * `PUT /api/sat/descargas/ajustes`, with what the last daily run did. Shown in the SAT download dialog; it
 * renders nothing until the setting is read (or when it cannot be), so the manual download never waits on it.
 */
export function SatAutoSync() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const queryClient = useQueryClient();
  const settings = useQuery(satAutoSyncQuery(rfc));
  const [autoSync, setAutoSync] = useState(false);
  const [dias, setDias] = useState<number | string>(3);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setAutoSync(settings.data.autoSync);
    setDias(settings.data.dias);
  }, [settings.data]);

  const save = useMutation({
    mutationFn: () => saveSatAutoSync({ autoSync, dias: typeof dias === 'number' ? dias : Number(dias) }),
    onSuccess: (data) => {
      setError(null);
      queryClient.setQueryData(satAutoSyncQuery(rfc).queryKey, data);
      toastSuccess(data.autoSync ? t('satAutoSync.savedOn', { dias: data.dias }) : t('satAutoSync.savedOff'), t('satAutoSync.savedTitle'));
    },
    onError: (e) => setError(isApiError(e) ? formatApiErrorLines(e.body).join(' ') || t('satAutoSync.failed') : t('satAutoSync.failed')),
  });

  if (!settings.data) return null;
  const dirty = autoSync !== settings.data.autoSync || Number(dias) !== settings.data.dias;
  const last = settings.data.ultimaEjecucion;
  return (
    <Paper withBorder p="sm" data-testid="sat-auto-sync">
      <Stack gap="xs">
        <Switch checked={autoSync} onChange={(e) => setAutoSync(e.currentTarget.checked)} label={t('satAutoSync.label')}
          description={t('satAutoSync.description')} data-testid="sat-auto-sync-switch" />
        <Group align="flex-end" gap="sm">
          <NumberInput label={t('satAutoSync.dias')} value={dias} onChange={setDias} min={1} max={SAT_AUTO_SYNC_DIAS_MAX} allowDecimal={false}
            w={160} disabled={!autoSync} data-testid="sat-auto-sync-dias" />
          <Button variant="light" onClick={() => save.mutate()} disabled={!dirty} loading={save.isPending} data-testid="sat-auto-sync-save">
            {t('satAutoSync.save')}
          </Button>
        </Group>
        {error && <Alert color="red" data-testid="sat-auto-sync-error">{error}</Alert>}
        <Text size="xs" c="dimmed" data-testid="sat-auto-sync-last">
          {last ? t('satAutoSync.last', { when: formatDateTime(last), result: settings.data.ultimoResultado ?? '' }) : t('satAutoSync.never')}
        </Text>
      </Stack>
    </Paper>
  );
}
