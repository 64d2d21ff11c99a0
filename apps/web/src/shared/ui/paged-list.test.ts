import '../test/dom-setup';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePagedList } from './paged-list';
import { readPerPage } from './per-page';

describe('usePagedList', () => {
  beforeEach(() => localStorage.clear());

  it('starts on page 1 with the default size and counts pages (never fewer than 1)', () => {
    const { result } = renderHook(() => usePagedList('clients'));
    expect(result.current.page).toBe(1);
    expect(result.current.perPage).toBe(10);
    expect(result.current.pagesFor(0)).toBe(1);
    expect(result.current.pagesFor(10)).toBe(1);
    expect(result.current.pagesFor(11)).toBe(2);
  });

  it('a new page size is remembered for the screen and goes back to page 1', () => {
    const { result } = renderHook(() => usePagedList('products'));
    act(() => result.current.setPage(3));
    act(() => result.current.setPerPage(50));
    expect(result.current.page).toBe(1);
    expect(result.current.perPage).toBe(50);
    expect(result.current.pagesFor(120)).toBe(3);
    expect(readPerPage('products')).toBe(50);
    expect(readPerPage('clients')).toBe(10);
  });

  it('typing a search goes back to page 1 and the query is the trimmed text after the pause', async () => {
    const { result } = renderHook(() => usePagedList('employees'));
    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('  ana  '));
    expect(result.current.page).toBe(1);
    expect(result.current.search).toBe('  ana  ');
    expect(result.current.query).toBe('');
    await act(() => new Promise((r) => setTimeout(r, 350)));
    expect(result.current.query).toBe('ana');
  });
});
