import type { SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_PAGE_SIZE, RemoteSelect, type TOption } from '../../components/select/RemoteSelect';
import { searchMobilityGroups } from './useMobilityGroups';

/**
 * Groups offered to choose from: those the user may edit (the server's default), or every entity's
 * with `allEntities`. A group already chosen is named whoever owns it.
 */
async function searchGroupOptions(text: string, ids?: number[], allEntities = false): Promise<TOption[]> {
  const page = await searchMobilityGroups({
    universalSearch: text,
    ids,
    allEntities: allEntities || ids !== undefined,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((group) => ({ id: group.id, name: group.name }));
}

/**
 * A mobility group picked by typing part of its name: one the user may edit
 * (a system's group, a GTFS import's target, a parent), unless `allEntities`
 * offers every entity's (a picker that only refers to the group).
 */
export function MobilityGroupSelect({
  value,
  onChange,
  allEntities = false,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  value: number | null;
  onChange: (value: number | null, option: TOption | null) => void;
  allEntities?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <RemoteSelect
      queryKey={['mobility-groups', 'select', allEntities]}
      search={(text, ids) => searchGroupOptions(text, ids, allEntities)}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('table.noResults')}
      {...props}
    />
  );
}
