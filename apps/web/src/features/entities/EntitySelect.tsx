import type { SelectProps } from '@mantine/core';
import type { TEntitySearchItem, TPagedList } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { DROPDOWN_PAGE_SIZE, RemoteSelect, type TOption } from '../../components/select/RemoteSelect';

export async function searchEntities(text: string, ids?: number[]): Promise<TOption[]> {
  const page = await api.get<TPagedList<TEntitySearchItem>>('entities/search', {
    universalSearch: text,
    ids,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((entity) => ({ id: entity.id, name: entity.name }));
}

/** An entity picked by typing part of its name (only the entities the user may see are offered). */
export function EntitySelect({
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
      queryKey={['entities', 'select']}
      search={searchEntities}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('table.noResults')}
      {...props}
    />
  );
}
