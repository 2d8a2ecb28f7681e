import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type TSortDirection = 'ASC' | 'DESC';
export interface TSort {
  property: string;
  direction: TSortDirection;
}

export interface TTableState<F> {
  filters: F;
  page: number;
  sort: TSort | null;
}

interface THistoryState {
  tables?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Filters, page and sort of one table (spec 000 §4): kept per table id in the
 * history entry's state, so leaving for a record and coming back — or the
 * browser's back and forward — finds the list as it was; or only in memory
 * when `persist` is 'memory'. A filter change goes back to the first page.
 */
export function useTableState<F>(tableId: string, initial: TTableState<F>, persist: 'history' | 'memory' = 'history') {
  const location = useLocation();
  const navigate = useNavigate();
  const [memory, setMemory] = useState(initial);
  const historyState = (location.state as THistoryState | null) ?? {};
  const stored = historyState.tables?.[tableId] as TTableState<F> | undefined;
  const state = persist === 'history' ? (stored ?? initial) : memory;

  const update = useCallback(
    (next: TTableState<F>) => {
      if (persist === 'memory') {
        setMemory(next);
        return;
      }
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: { ...historyState, tables: { ...historyState.tables, [tableId]: next } } },
      );
    },
    [persist, navigate, location.pathname, location.search, location.hash, historyState, tableId],
  );

  return {
    ...state,
    setFilters: (filters: F) => update({ ...state, filters, page: 0 }),
    setPage: (page: number) => update({ ...state, page }),
    setSort: (sort: TSort | null) => update({ ...state, sort, page: 0 }),
    reset: () => update(initial),
  };
}
