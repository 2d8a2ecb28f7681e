import type { ReactNode } from 'react';

/**
 * Where a column goes when the list is shown as cards (below 992 px):
 * - title: the card's heading (the record's name or title, usually its link);
 * - badge: beside the title, for a status that says what it is on its own;
 * - field: a labelled value under the title (the default), two to a line;
 * - wide: a labelled value on a line of its own, for long text (an address, a payload);
 * - actions: the row's buttons, at the foot of the card;
 * - select: the row's checkbox, before the title;
 * - hidden: not on the card (it can still be sorted on).
 */
export type TCardRole = 'title' | 'badge' | 'field' | 'wide' | 'actions' | 'select' | 'hidden';

export interface TColumn<T> {
  key: string;
  /** Usually words; a control (a select-all checkbox) for a column that is not sorted. */
  title: ReactNode;
  /** The server's sortProperty for this column; absent when it cannot be sorted. */
  sortProperty?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  hidden?: boolean;
  /** Its place on a phone's card; a field when not said. */
  card?: TCardRole;
  /** Left out of the table below 1600 px, where the title needs the room more. */
  isSecondary?: boolean;
}

export interface TCardLayout<T> {
  select: TColumn<T> | undefined;
  title: TColumn<T> | undefined;
  badges: TColumn<T>[];
  /** In the columns' order, fields and wide ones mixed. */
  fields: TColumn<T>[];
  actions: TColumn<T> | undefined;
}

/** Sorts the shown columns into the parts of a card. */
export function toCardLayout<T>(columns: TColumn<T>[]): TCardLayout<T> {
  const shown = columns.filter((column) => !column.hidden);
  const withRole = (role: TCardRole) => shown.filter((column) => (column.card ?? 'field') === role);
  return {
    select: withRole('select')[0],
    title: withRole('title')[0],
    badges: withRole('badge'),
    fields: shown.filter((column) => ['field', 'wide'].includes(column.card ?? 'field')),
    actions: withRole('actions')[0],
  };
}

/** The columns a list can be sorted on, for the phone's sort control, which has no column headers to click. */
export function toSortOptions<T>(columns: TColumn<T>[]): { value: string; label: string }[] {
  return columns
    .filter((column) => !column.hidden && column.sortProperty)
    .map((column) => ({
      value: column.sortProperty as string,
      label: typeof column.title === 'string' ? column.title : column.key,
    }));
}
