import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** Where a list's interface state lives: saved per user (useSavedUiState) or in the page (useLocalListState). */
export interface ListStore<S> {
  state: S;
  update: (patch: Partial<S>) => void;
  ready: boolean;
}

/** An unsaved list state with the saved one's shape (My Properties keeps nothing between visits). */
export function useLocalListState<S extends Record<string, unknown>>(defaults: S): ListStore<S> {
  const [state, setState] = useState(defaults);
  return { state, update: (patch) => setState((s) => ({ ...s, ...patch })), ready: true };
}

/**
 * The one list convention (ADR 0040) of Companies, Contacts, Properties and Schemes:
 * filters, sort and page size in the list's store; any change to them goes back to page 1; the
 * page itself is saved when the store's state has one (Properties, Schemes), else held here; the
 * record a list opens is `?id=` in the URL (a dialog over the list, or the record's view).
 */
export function useListPage<S extends { per_page: number } & Record<string, unknown>>(store: ListStore<S>) {
  const savesPage = typeof store.state.page === 'number';
  const [heldPage, setHeldPage] = useState(1);
  const page = savesPage ? (store.state.page as number) : heldPage;
  const filter = (patch: Partial<S>) => {
    if (savesPage) store.update({ ...patch, page: 1 });
    else {
      store.update(patch);
      setHeldPage(1);
    }
  };
  const goTo = (next: number) =>
    savesPage ? store.update({ page: next } as unknown as Partial<S>) : setHeldPage(next);
  /** DataTable's (0-based) pagination: a new page size starts again at page 1. */
  const paging = {
    paginationModel: { page: page - 1, pageSize: store.state.per_page },
    onPaginationModelChange: (m: { page: number; pageSize: number }) => {
      if (m.pageSize !== store.state.per_page) filter({ per_page: m.pageSize } as Partial<S>);
      else goTo(m.page + 1);
    },
  };

  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  /** Opens a record (`?id=`), or closes it (null, replacing the history entry). */
  const openRecord = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('id');
        else next.set('id', String(id));
        return next;
      },
      { replace: id === null },
    );

  return { ...store, page, filter, paging, openId, openRecord };
}

export type ListPage<S extends { per_page: number } & Record<string, unknown>> = ReturnType<
  typeof useListPage<S>
>;
