import { LIVE_EVENT_STATUSES, type TEventPriority, type TEventStatus, type TEventTimeFilter } from '@mip/shared';
import type { TDateRange } from '../../components/dates/date-range';
import type { TOption } from '../../components/select/RemoteSelect';
import { type TTableState, tableLinkState } from '../../components/table/useTableState';

/** The /events list's table: its filters live in the history entry under this id. */
export const EVENTS_TABLE_ID = 'events';

export interface TEventFilters {
  universalSearch: string;
  categories: TOption[];
  status: TEventStatus[];
  priority: TEventPriority[];
  time: TEventTimeFilter | null;
  dates: TDateRange;
  entity: TOption | null;
}

export const INITIAL_EVENT_FILTERS: TEventFilters = {
  universalSearch: '',
  categories: [],
  status: [],
  priority: [],
  time: null,
  dates: { from: null, to: null },
  entity: null,
};

export const INITIAL_EVENT_TABLE: TTableState<TEventFilters> = {
  filters: INITIAL_EVENT_FILTERS,
  page: 0,
  sort: { property: 'fromTimestamp', direction: 'DESC' },
};

/** Opens /events on the live events, the highest priority first (a link from the console home). */
export const liveEventsLinkState = () =>
  tableLinkState<TEventFilters>(EVENTS_TABLE_ID, {
    filters: { ...INITIAL_EVENT_FILTERS, status: [...LIVE_EVENT_STATUSES] },
    page: 0,
    sort: { property: 'priority', direction: 'DESC' },
  });
