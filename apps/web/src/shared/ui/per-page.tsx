import { useCallback, useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PER_PAGE, PAGE_SIZES } from '@facturo/contract';
import { storageKeys } from '../storage/storage-keys';
import { readJson, writeJson } from '../storage/local-store';

type PerPages = Record<string, number>;

/** Page size remembered for a screen (§9 "perPages"): 10, 20 or 50, default 10. */
export function readPerPage(screen: string): number {
  const v = readJson<PerPages>(storageKeys.perPages, {})[screen];
  return (PAGE_SIZES as readonly number[]).includes(v) ? v : DEFAULT_PER_PAGE;
}

/** Saves the page size of a screen. */
export function savePerPage(screen: string, size: number): void {
  if (!(PAGE_SIZES as readonly number[]).includes(size)) return;
  writeJson(storageKeys.perPages, { ...readJson<PerPages>(storageKeys.perPages, {}), [screen]: size });
}

/** Hook: [perPage, setPerPage] for a screen, persisted locally. */
export function usePerPage(screen: string): [number, (size: number) => void] {
  const [size, setSize] = useState(() => readPerPage(screen));
  const set = useCallback(
    (n: number) => {
      savePerPage(screen, n);
      setSize(readPerPage(screen));
    },
    [screen],
  );
  return [size, set];
}

/**
 * Page-size selector (10/20/50). Controlled: the list owns the size (see `usePagedList`), so the
 * selector and the query can never disagree.
 */
export function PerPageSelect({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('app.perPage')}
      w={80}
      size="xs"
      allowDeselect={false}
      data={PAGE_SIZES.map(String)}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
    />
  );
}
