import type { SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_PAGE_SIZE, RemoteSelect, type TOption } from '../../components/select/RemoteSelect';
import { searchEntityProfiles } from './useEntityProfiles';

export async function searchProfileOptions(text: string, ids?: number[]): Promise<TOption[]> {
  const page = await searchEntityProfiles({
    universalSearch: text,
    ids,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((profile) => ({ id: profile.id, name: profile.name }));
}

/** An entity profile (the kind of entity) picked by typing part of its name. */
export function EntityProfileSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  value: number | null;
  onChange: (value: number | null, option: TOption | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <RemoteSelect
      queryKey={['entity-profiles', 'select']}
      search={searchProfileOptions}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('table.noResults')}
      {...props}
    />
  );
}
