import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { usePerPage } from './per-page';

/** What a paged, searchable list screen needs: page, remembered page size (§9) and a debounced search. */
export interface PagedList {
  screen: string;
  page: number;
  setPage: (page: number) => void;
  perPage: number;
  /** Also goes back to page 1: the old page may not exist at the new size. */
  setPerPage: (size: number) => void;
  search: string;
  /** Also goes back to page 1. */
  setSearch: (text: string) => void;
  /** The trimmed search, 300 ms after the last keystroke (what the query sends). */
  query: string;
  /** Number of pages for `total` rows (at least 1, so the pager never disappears). */
  pagesFor: (total: number) => number;
}

/** Paging and search state of one list screen; the page size is remembered per `screen`. */
export function usePagedList(screen: string): PagedList {
  const [perPage, savePerPage] = usePerPage(screen);
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  return {
    screen,
    page,
    setPage,
    perPage,
    setPerPage: (size) => {
      savePerPage(size);
      setPage(1);
    },
    search,
    setSearch: (text) => {
      setSearchText(text);
      setPage(1);
    },
    query,
    pagesFor: (total) => Math.max(1, Math.ceil(total / perPage)),
  };
}
