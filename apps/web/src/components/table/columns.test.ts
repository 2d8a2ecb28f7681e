import { describe, expect, it } from 'vitest';
import { type TColumn, toCardLayout, toSortOptions } from './columns';
import { nextSort } from './TableView';

const column = (key: string, extra: Partial<TColumn<unknown>> = {}): TColumn<unknown> => ({
  key,
  title: key,
  render: () => null,
  ...extra,
});

describe('toCardLayout', () => {
  it('puts each column where it says, and an unsaid one among the fields', () => {
    const layout = toCardLayout([
      column('select', { card: 'select' }),
      column('id'),
      column('title', { card: 'title' }),
      column('status', { card: 'badge' }),
      column('address', { card: 'wide' }),
      column('to', { card: 'hidden' }),
      column('actions', { card: 'actions' }),
    ]);
    expect(layout.select?.key).toBe('select');
    expect(layout.title?.key).toBe('title');
    expect(layout.badges.map((shown) => shown.key)).toEqual(['status']);
    expect(layout.fields.map((shown) => shown.key)).toEqual(['id', 'address']);
    expect(layout.actions?.key).toBe('actions');
  });

  it('leaves out a hidden column, whatever its place', () => {
    const layout = toCardLayout([
      column('title', { card: 'title' }),
      column('actions', { card: 'actions', hidden: true }),
    ]);
    expect(layout.actions).toBeUndefined();
  });
});

describe('toSortOptions', () => {
  it('offers the shown columns the server can sort on, by their titles, even those left off the card', () => {
    const options = toSortOptions([
      column('title', { card: 'title', sortProperty: 'title' }),
      column('to', { card: 'hidden', sortProperty: 'toTimestamp' }),
      column('systems'),
      column('entity', { sortProperty: 'entityName', hidden: true }),
    ]);
    expect(options).toEqual([
      { value: 'title', label: 'title' },
      { value: 'toTimestamp', label: 'to' },
    ]);
  });
});

describe('nextSort', () => {
  it('goes from ascending to descending to unsorted, and starts ascending on another column', () => {
    expect(nextSort(null, 'name')).toEqual({ property: 'name', direction: 'ASC' });
    expect(nextSort({ property: 'name', direction: 'ASC' }, 'name')).toEqual({ property: 'name', direction: 'DESC' });
    expect(nextSort({ property: 'name', direction: 'DESC' }, 'name')).toBeNull();
    expect(nextSort({ property: 'name', direction: 'DESC' }, 'email')).toEqual({ property: 'email', direction: 'ASC' });
  });
});
