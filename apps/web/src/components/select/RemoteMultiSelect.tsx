import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TOption } from './RemoteSelect';
import { useServerSearch } from './useServerSearch';

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
  const { text, setText, options, isSearching, filter } = useServerSearch({
    queryKey: [...queryKey, 'multi-select'],
    search,
    enabled: !props.readOnly,
  });
  const known = new Map<number, TOption>();
  for (const option of [...value, ...options]) known.set(option.id, option);

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
      filter={filter}
      onChange={(ids) => onChange(ids.map((id) => known.get(Number(id))).filter((o): o is TOption => Boolean(o)))}
    />
  );
}
