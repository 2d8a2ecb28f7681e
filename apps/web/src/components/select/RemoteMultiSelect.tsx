import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../filters/FilterBar';
import type { TOption } from './RemoteSelect';

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
  const known = new Map<number, TOption>();
  for (const option of [...value, ...(options.data ?? [])]) known.set(option.id, option);

  return (
    <MultiSelect
      {...props}
      searchable
      hidePickedOptions
      nothingFoundMessage={props.nothingFoundMessage ?? t('table.noResults')}
      data={[...known.values()].map((option) => ({ value: String(option.id), label: option.name }))}
      value={value.map((option) => String(option.id))}
      searchValue={text}
      onSearchChange={setText}
      // The server has already filtered by the text.
      filter={({ options: items }) => items}
      onChange={(ids) => onChange(ids.map((id) => known.get(Number(id))).filter((o): o is TOption => Boolean(o)))}
    />
  );
}
