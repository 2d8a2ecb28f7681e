import { useCallback, useRef, useState } from 'react';
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

/** The history state that opens a table on this state: for a link from another screen to a filtered list. */
export function tableLinkState<F>(tableId: string, state: TTableState<F>): THistoryState {
  return { tables: { [tableId]: state } };
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
  // The newest state, ahead of the render when a change is on its way: a change made
  // before the previous one is rendered (a debounced search firing just after a filter
  // was cleared) builds on it instead of undoing it.
  const latest = useRef(state);
  const rendered = useRef(state);
  // A literal `initial` is a new object at every render: only a different state counts.
  if (rendered.current !== state && JSON.stringify(rendered.current) !== JSON.stringify(state)) {
    rendered.current = state;
    latest.current = state;
  }

  const update = useCallback(
    (next: TTableState<F>) => {
      latest.current = next;
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
    /**
     * Callers pass the filters of their render with some changed: only those
     * changes are applied, onto the newest filters.
     */
    setFilters: (filters: F) => {
      const base = state.filters as Record<string, unknown>;
      const given = filters as Record<string, unknown>;
      const changed = Object.fromEntries(
        [...new Set([...Object.keys(base), ...Object.keys(given)])]
          .filter((key) => given[key] !== base[key])
          .map((key) => [key, given[key]]),
      );
      update({ ...latest.current, filters: { ...latest.current.filters, ...changed }, page: 0 });
    },
    setPage: (page: number) => update({ ...latest.current, page }),
    setSort: (sort: TSort | null) => update({ ...latest.current, sort, page: 0 }),
    reset: () => update(initial),
  };
}
