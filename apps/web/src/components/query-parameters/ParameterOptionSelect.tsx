import { MultiSelect, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TParameterValue, TQueryParameterOption, TQueryParameterType } from '@mip/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../filters/FilterBar';
import { enumParameterOptions, searchParameterOptions } from './parameter-options';
import { isIdType } from './parameter-values';

type TChosen = string | number;

/** Shows the options as the server answered them: it has already filtered by the text. */
const SERVER_FILTERED: OptionsFilter = ({ options }) => options;

function chosenOf(value: TParameterValue | undefined): TChosen[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value]).filter((item): item is TChosen => typeof item !== 'boolean');
}

/**
 * The value of a listed parameter (a record id or a code) picked by name: the
 * closed enumerations from the catalogs, the rest searched on the server as
 * the user types. Chosen values keep their names even when a later search no
 * longer lists them.
 */
export function ParameterOptionSelect({
  type,
  multiple,
  value,
  onChange,
  label,
  description,
  error,
  required,
}: {
  type: TQueryParameterType;
  multiple: boolean;
  value: TParameterValue | undefined;
  onChange: (value: TParameterValue) => void;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const enumOptions = enumParameterOptions(t, type);
  const isRemote = enumOptions === null;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const chosen = chosenOf(value);
  /** Every option seen so far in this language, by value: what names the chosen values. */
  const known = useRef({ language, options: new Map<string, TQueryParameterOption>() });
  if (known.current.language !== language) known.current = { language, options: new Map() };

  const found = useQuery({
    queryKey: ['query-parameters', type, 'options', language, debounced],
    queryFn: ({ signal }) => searchParameterOptions(type, { text: debounced, language }, signal),
    enabled: isRemote,
    placeholderData: keepPreviousData,
  });
  const unnamed = chosen.filter((item) => !known.current.options.has(String(item)));
  const named = useQuery({
    queryKey: ['query-parameters', type, 'named', language, unnamed],
    queryFn: ({ signal }) => searchParameterOptions(type, { text: '', values: unnamed, language }, signal),
    enabled: isRemote && unnamed.length > 0,
  });
  for (const option of [...(enumOptions ?? []), ...(found.data ?? []), ...(named.data ?? [])]) {
    known.current.options.set(String(option.value), option);
  }

  const listed = enumOptions ?? found.data ?? [];
  const shown = new Map(listed.map((option) => [String(option.value), option]));
  for (const item of chosen) {
    const option = known.current.options.get(String(item));
    if (option) shown.set(String(item), option);
    // A value whose name has not arrived yet still shows, as itself.
    else shown.set(String(item), { value: item, label: String(item) });
  }
  const data = [...shown.values()].map((option) => ({ value: String(option.value), label: option.label }));
  const toValue = (item: string): TChosen => (isIdType(type) ? Number(item) : item);
  const common = {
    label,
    description,
    error,
    required,
    data,
    searchable: true,
    clearable: true,
    nothingFoundMessage: t('table.noResults'),
    // Listed from the server: already filtered there. The enumerations use Mantine's own filter.
    ...(isRemote ? { filter: SERVER_FILTERED } : {}),
  };

  if (multiple) {
    return (
      <MultiSelect
        {...common}
        hidePickedOptions
        value={chosen.map(String)}
        searchValue={text}
        onSearchChange={setText}
        onChange={(items) => onChange(items.map(toValue))}
      />
    );
  }
  const selectedLabel = chosen[0] === undefined ? undefined : shown.get(String(chosen[0]))?.label;
  return (
    <Select
      {...common}
      value={chosen[0] === undefined ? null : String(chosen[0])}
      // Choosing an option fills the box with its name: that is not a new search.
      onSearchChange={(next) => setText(next === selectedLabel ? '' : next)}
      onChange={(item) => {
        onChange(item === null ? null : toValue(item));
        setText('');
      }}
    />
  );
}
