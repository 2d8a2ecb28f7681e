import { ActionIcon, Group, Select } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSort } from './useTableState';

/**
 * The phone's way to sort a list shown as cards, which has no column headers
 * to click: which column, and a button that turns the order around.
 */
export function SortControl({
  options,
  sort,
  onSort,
  leading,
}: {
  options: { value: string; label: string }[];
  sort: TSort | null;
  onSort: (sort: TSort | null) => void;
  /** Before the control: the checkbox that chooses every row of the page, when rows can be chosen. */
  leading?: ReactNode;
}) {
  const { t } = useTranslation();
  if (options.length === 0 && !leading) return null;
  const isDescending = sort?.direction === 'DESC';
  const orderLabel = isDescending ? t('table.sortDescending') : t('table.sortAscending');
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" data-testid="sort-control">
      {leading}
      {options.length > 0 && (
        <>
          <Select
            label={t('table.sortBy')}
            placeholder={t('table.unsorted')}
            data={options}
            value={sort?.property ?? null}
            onChange={(property) => onSort(property ? { property, direction: sort?.direction ?? 'ASC' } : null)}
            clearable
            size="sm"
            style={{ flex: 1, minWidth: 0 }}
            comboboxProps={{ withinPortal: true }}
          />
          {/* No tooltip: this control is for phones, which have no hover; its name says the order. */}
          <ActionIcon
            variant="default"
            size="input-sm"
            disabled={!sort}
            aria-label={orderLabel}
            onClick={() => sort && onSort({ ...sort, direction: isDescending ? 'ASC' : 'DESC' })}
          >
            {isDescending ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
