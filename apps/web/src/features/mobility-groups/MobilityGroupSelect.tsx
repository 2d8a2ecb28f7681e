import type { SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_PAGE_SIZE, RemoteSelect, type TOption } from '../../components/select/RemoteSelect';
import { searchMobilityGroups } from './useMobilityGroups';

async function searchGroupOptions(text: string, ids?: number[]): Promise<TOption[]> {
  const page = await searchMobilityGroups({
    universalSearch: text,
    ids,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((group) => ({ id: group.id, name: group.name }));
}

/** A mobility group picked by typing part of its name. */
export function MobilityGroupSelect({
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
      queryKey={['mobility-groups', 'select']}
      search={searchGroupOptions}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('table.noResults')}
      {...props}
    />
  );
}
