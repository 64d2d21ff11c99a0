import { Button, Code, Text } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPage } from '../../shared/ui/full-page';
import { isChunkLoadError } from '../../shared/routing/lazy-route';

/** Last-resort screen for errors thrown while rendering or loading a route. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  // A screen's code that did not arrive (offline, a deploy replaced the files, 120 s passed): offer to retry.
  if (isChunkLoadError(error)) {
    return (
      <FullPage title={t('app.chunk.title')} subtitle={t('app.chunk.text')}>
        <Button onClick={() => window.location.reload()} data-testid="chunk-retry">{t('app.chunk.retry')}</Button>
      </FullPage>
    );
  }
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <FullPage title={t('toast.error.title')} subtitle={t('toast.error.text')}>
      {detail && (
        <Text size="sm">
          <Code>{detail}</Code>
        </Text>
      )}
      <Button component={Link} to="/login" reloadDocument>
        {t('pages.notFound.back')}
      </Button>
    </FullPage>
  );
}
