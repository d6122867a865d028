import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useListPage, useLocalListState } from './useListPage';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/companies?id=7']}>{children}</MemoryRouter>
);

const usePage = <S extends { per_page: number } & Record<string, unknown>>(defaults: S) => {
  const view = useListPage(useLocalListState(defaults));
  return { view, location: useLocation() };
};

describe('useListPage', () => {
  it('holds the page itself when the list does not save one; a filter goes back to page 1', () => {
    const { result } = renderHook(() => usePage({ q: '', per_page: 25 }), { wrapper });
    act(() => result.current.view.paging.onPaginationModelChange({ page: 3, pageSize: 25 }));
    expect(result.current.view.page).toBe(4);
    expect(result.current.view.state).toEqual({ q: '', per_page: 25 });
    act(() => result.current.view.filter({ q: 'boots' }));
    expect(result.current.view.page).toBe(1);
    expect(result.current.view.state.q).toBe('boots');
  });

  it('saves the page when the list does, and a new page size starts again at page 1', () => {
    const { result } = renderHook(() => usePage({ q: '', page: 1, per_page: 25 }), { wrapper });
    act(() => result.current.view.paging.onPaginationModelChange({ page: 2, pageSize: 25 }));
    expect(result.current.view.state.page).toBe(3);
    expect(result.current.view.paging.paginationModel).toEqual({ page: 2, pageSize: 25 });
    act(() => result.current.view.paging.onPaginationModelChange({ page: 2, pageSize: 100 }));
    expect(result.current.view.state).toMatchObject({ page: 1, per_page: 100 });
  });

  it('opens and closes the record through ?id=', () => {
    const { result } = renderHook(() => usePage({ per_page: 25 }), { wrapper });
    expect(result.current.view.openId).toBe(7);
    act(() => result.current.view.openRecord(12));
    expect(result.current.location.search).toBe('?id=12');
    act(() => result.current.view.openRecord(null));
    expect(result.current.location.search).toBe('');
    expect(result.current.view.openId).toBeNull();
  });
});
