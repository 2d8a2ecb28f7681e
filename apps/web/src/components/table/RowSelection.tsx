import { Checkbox } from '@mantine/core';
import type { TColumn } from './columns';

/**
 * A first column of checkboxes for acting on several rows at once: one per
 * row, named after it, and one in the header for every row of the page.
 * The chosen keys live with the caller, so they outlast a change of page.
 */
export function rowSelectionColumn<T, K extends string | number>({
  rows,
  rowKey,
  selected,
  onChange,
  selectAllLabel,
  selectRowLabel,
  hidden,
}: {
  rows: T[];
  rowKey: (row: T) => K;
  selected: readonly K[];
  onChange: (selected: K[]) => void;
  selectAllLabel: string;
  selectRowLabel: (row: T) => string;
  hidden?: boolean;
}): TColumn<T> {
  const keys = rows.map(rowKey);
  const chosenOnPage = keys.filter((key) => selected.includes(key));
  const isAll = keys.length > 0 && chosenOnPage.length === keys.length;
  return {
    key: 'select',
    width: 44,
    hidden,
    card: 'select',
    title: (
      <Checkbox
        aria-label={selectAllLabel}
        checked={isAll}
        indeterminate={!isAll && chosenOnPage.length > 0}
        disabled={keys.length === 0}
        onChange={() =>
          onChange(isAll ? selected.filter((key) => !keys.includes(key)) : [...new Set([...selected, ...keys])])
        }
      />
    ),
    render: (row) => {
      const key = rowKey(row);
      const isChosen = selected.includes(key);
      return (
        <Checkbox
          aria-label={selectRowLabel(row)}
          checked={isChosen}
          onChange={() => onChange(isChosen ? selected.filter((other) => other !== key) : [...selected, key])}
        />
      );
    },
  };
}
