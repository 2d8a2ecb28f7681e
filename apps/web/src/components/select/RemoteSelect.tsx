import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServerSearch } from './useServerSearch';

/** Spec 000 §9: entity and role dropdowns ask for 50 options at a time. */
export const DROPDOWN_PAGE_SIZE = 50;

export interface TOption {
  id: number;
  name: string;
}

/**
 * A dropdown whose options come from a server search as the user types
 * (debounced 300 ms), that still shows the chosen option's name when it is
 * not among the current results. Until the answer for the text typed comes,
 * it shows the known options that match it and says it is searching
 * (aria-busy, and "Searching…" when none match yet).
 */
export function RemoteSelect({
  queryKey,
  search,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  queryKey: unknown[];
  /** Options matching the text (and the given ids, when asked for the chosen one). */
  search: (text: string, ids?: number[]) => Promise<TOption[]>;
  value: number | null;
  onChange: (value: number | null, option: TOption | null) => void;
}) {
  const { t } = useTranslation();
  const { setText, options, isSearching, filter } = useServerSearch({
    queryKey: [...queryKey, 'options'],
    search,
  });
  const selected = useQuery({
    queryKey: [...queryKey, 'selected', value],
    queryFn: async () => (await search('', [value as number]))[0] ?? null,
    enabled: value !== null && !options.some((option) => option.id === value),
  });
  const all = [...options];
  if (selected.data && !all.some((option) => option.id === selected.data?.id)) all.unshift(selected.data);
  const selectedName = all.find((option) => option.id === value)?.name;

  return (
    <Select
      {...props}
      searchable
      clearable={props.clearable ?? true}
      nothingFoundMessage={isSearching ? t('common.searching') : props.nothingFoundMessage}
      aria-busy={isSearching}
      data={all.map((option) => ({ value: String(option.id), label: option.name }))}
      value={value === null ? null : String(value)}
      // Filtering happens on the server; show what it answered for this text (or, until then, what matches).
      filter={filter}
      // Choosing an option fills the box with its name: that is not a new search.
      onSearchChange={(next) => setText(next === selectedName ? '' : next)}
      onChange={(next) => {
        const id = next ? Number(next) : null;
        onChange(id, all.find((option) => option.id === id) ?? null);
        setText('');
      }}
    />
  );
}
