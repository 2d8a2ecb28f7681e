import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../filters/FilterBar';
import type { TOption } from './RemoteSelect';
import { optionsToShow } from './remote-options';

/**
 * The options of a list searched on the server as the user types (debounced 300 ms), for RemoteSelect and
 * RemoteMultiSelect: what the server answered, whether the answer for the text typed is still to come
 * (`isSearching`), and the filter that shows, until then, only the known options that match the text.
 */
export function useServerSearch({
  queryKey,
  search,
  enabled = true,
}: {
  queryKey: unknown[];
  search: (text: string) => Promise<TOption[]>;
  enabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const answer = useQuery({
    queryKey: [...queryKey, debounced],
    queryFn: () => search(debounced),
    placeholderData: keepPreviousData,
    enabled,
  });
  const isAnswered = text === debounced && answer.isSuccess && !answer.isPlaceholderData;
  const filter: OptionsFilter = ({ options }) => optionsToShow(options as ComboboxItem[], text, isAnswered);
  return {
    text,
    setText,
    options: answer.data ?? [],
    isSearching: enabled && !isAnswered && !answer.isError,
    filter,
  };
}
