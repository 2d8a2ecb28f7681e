import { type ComboboxItem, MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../filters/FilterBar';
import type { TOption } from './RemoteSelect';
import { optionsToShow } from './remote-options';

/**
 * Several records found by typing part of a name (searched on the server,
 * debounced). The value carries the names, so chosen records always show as
 * pills even when they are not among the current results.
 */
export function RemoteMultiSelect({
  queryKey,
  search,
  value,
  onChange,
  ...props
}: Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  queryKey: unknown[];
  search: (text: string) => Promise<TOption[]>;
  value: TOption[];
  onChange: (value: TOption[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: [...queryKey, 'multi-select', debounced],
    queryFn: () => search(debounced),
    placeholderData: keepPreviousData,
    enabled: !props.readOnly,
  });
  // As RemoteSelect: until the answer for the text typed comes, the known options that match it.
  const isAnswered = text === debounced && options.isSuccess && !options.isPlaceholderData;
  const isSearching = !isAnswered && !options.isError && !props.readOnly;
  const known = new Map<number, TOption>();
  for (const option of [...value, ...(options.data ?? [])]) known.set(option.id, option);

  return (
    <MultiSelect
      {...props}
      searchable
      hidePickedOptions
      nothingFoundMessage={isSearching ? t('common.searching') : (props.nothingFoundMessage ?? t('table.noResults'))}
      aria-busy={isSearching}
      data={[...known.values()].map((option) => ({ value: String(option.id), label: option.name }))}
      value={value.map((option) => String(option.id))}
      searchValue={text}
      onSearchChange={setText}
      // The server filters by the text: show what it answered for this text (or, until then, what matches).
      filter={({ options: items }) => optionsToShow(items as ComboboxItem[], text, isAnswered)}
      onChange={(ids) => onChange(ids.map((id) => known.get(Number(id))).filter((o): o is TOption => Boolean(o)))}
    />
  );
}
