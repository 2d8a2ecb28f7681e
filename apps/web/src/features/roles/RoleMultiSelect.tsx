import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../components/filters/FilterBar';
import { DROPDOWN_PAGE_SIZE, type TOption } from '../../components/select/RemoteSelect';
import { searchRoles } from './useRoles';

/**
 * Several roles, found by typing part of a name (searched on the server,
 * debounced). The value carries the names, so chosen roles always show as
 * pills even when they are not among the current results.
 */
export function RoleMultiSelect({
  value,
  onChange,
  ...props
}: Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  value: TOption[];
  onChange: (value: TOption[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: ['roles', 'multi-select', debounced],
    queryFn: async () => {
      const page = await searchRoles({
        universalSearch: debounced,
        itemsPerPage: DROPDOWN_PAGE_SIZE,
        sortProperty: 'name',
        sortDirection: 'ASC',
      });
      return page.content.map((role): TOption => ({ id: role.id, name: role.name }));
    },
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
      nothingFoundMessage={t('table.noResults')}
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
